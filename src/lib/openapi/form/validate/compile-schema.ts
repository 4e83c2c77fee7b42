// A schema converted and handed to the validator once per description and schema: a form checks
// its body on every change, and converting a large description each time would be seconds.
import { Validator } from '@cfworker/json-schema';
import type { JsonObject, JsonValue } from '../../json.ts';
import { dialectOf } from '../dialect.ts';
import { Converter, type Converted, type SchemaNode } from './convert-schema.ts';

export interface Compiled {
  /** A cap cut the schema: a body cannot be said to fit it. */
  truncated: boolean;
  validator: Validator;
  schema: SchemaNode;
  defs: Record<string, Converted>;
}

const compiledFor = new WeakMap<JsonObject, WeakMap<object, Compiled>>();

export function compile(document: JsonObject, schema: JsonValue | undefined): Compiled {
  const cacheable = typeof schema === 'object' && schema !== null;
  let perDocument = compiledFor.get(document);
  if (cacheable) {
    const cached = perDocument?.get(schema);
    if (cached) return cached;
  }
  const converter = new Converter(document, dialectOf(document));
  const root = converter.run(schema);
  const { defs } = converter;
  const whole: SchemaNode = typeof root === 'boolean' ? { allOf: [root] } : root;
  whole.$defs = defs;
  // 2020-12: a `$ref` beside other keywords is checked together with them (draft 7 would ignore them).
  const compiled: Compiled = { truncated: converter.truncated, validator: new Validator(whole, '2020-12', false), schema: whole, defs };
  if (cacheable) {
    if (!perDocument) compiledFor.set(document, perDocument = new WeakMap());
    perDocument.set(schema, compiled);
  }
  return compiled;
}
