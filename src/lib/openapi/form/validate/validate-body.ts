// The one check of a request body against its schema, on the page or in the validate worker,
// so that a generated form and the worker say the same about the same body.
import type { OutputUnit } from '@cfworker/json-schema';
import type { JsonObject, JsonValue } from '../../json.ts';
import type { BodyProblem } from './body-problem.ts';
import { compile, type Compiled } from './compile-schema.ts';
import { Reader } from './read-problems.ts';

/**
 * A request body checked against the operation's schema by @cfworker/json-schema, which
 * interprets schemas and never generates code at run time, so the strict CSP holds. The schema
 * is first converted (convert-schema.ts), then the library's output read back (read-problems.ts).
 */

/**
 * The problems of `body` against `schema` (a request body's schema in `document`), at most
 * MAX_PROBLEMS, each once. An absent body (undefined) has none: whether a body is required is
 * the operation's to say. Never throws: a body the validator cannot walk is one `other` problem.
 */
export function validateBody(document: JsonObject, schema: JsonValue | undefined, body: unknown): BodyProblem[] {
  if (body === undefined) return [];
  let instance: JsonValue;
  let compiled: Compiled;
  let units: OutputUnit[];
  try {
    // What the server will read: undefined left out, as JSON.stringify does (the validator throws on it).
    instance = JSON.parse(JSON.stringify(body)) as JsonValue;
    compiled = compile(document, schema);
    // Past the caps a part would pass unchecked: such a body is not called valid.
    if (compiled.truncated) return [{ pointer: '', code: 'other', params: { keyword: 'schema-too-large' } }];
    units = compiled.validator.validate(instance).errors;
  } catch {
    return [{ pointer: '', code: 'other', params: { keyword: 'unreadable' } }];
  }
  const reader = new Reader(compiled, instance, units);
  return reader.problems();
}
