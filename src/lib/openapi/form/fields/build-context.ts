// The state one build of a form's fields shares through its recursion (keys handed out, work
// done, caps met), apart from the builder so that merging a schema's parts counts its work too.
import type { JsonObject } from '../../json.ts';
import type { Dialect } from '../dialect.ts';

export interface Context {
  document: JsonObject;
  dialect: Dialect;
  /** Keywords merged so far, over every flatten: a bound on the work a description can cause. */
  work: number;
  count: number;
  capped: boolean;
  maxDepth: number;
  maxFields: number;
  maxOptions: number;
}

/** Where a field is: its body pointer, property name, whether required, and its depth. */
export interface At {
  pointer: string;
  name: string | undefined;
  required: boolean;
  depth: number;
  /** The `$ref` targets on the way here. */
  path: ReadonlySet<string>;
  /** The field is one variant of a oneOf/anyOf. */
  variant?: boolean;
  /** The field is a property of one variant (where a one-value enum tells the variants apart). */
  ofVariant?: boolean;
}
