// Which schema dialect a description speaks, asked in one place: the form builder and the
// validator read `nullable` and exclusive bounds by the same answer.
import type { JsonObject } from '../json.ts';

export type Dialect = '3.0' | '3.1';

/** OpenAPI 3.0 has `nullable` and boolean `exclusiveMinimum`; 3.1 is JSON Schema 2020-12. */
export const dialectOf = (document: JsonObject): Dialect =>
  typeof document.openapi === 'string' && document.openapi.startsWith('3.0') ? '3.0' : '3.1';
