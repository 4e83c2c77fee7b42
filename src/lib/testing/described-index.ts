// A description's index from its paths alone, for tests of what the page finds in it.
import { describeText } from '../openapi/describe-text.ts';

export const okResponses = { responses: { 200: { description: 'ok' } } };
export const pathParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** The index of an OpenAPI 3.1 description holding `paths`, below the simulator's API root. */
export function indexOfPaths(paths: Record<string, unknown>) {
  const described = describeText(JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }), '/liveconfig/api/v1');
  if (!described.ok) throw new Error(described.problem.key);
  return described.index;
}
