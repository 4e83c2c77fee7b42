// The field descriptors a generated form renders, apart from the builder: the form, its value
// and the write pipeline name them without depending on how a schema is walked.
import type { JsonValue } from '../../json.ts';
import type { Dialect } from '../dialect.ts';

export type Primitive = string | number | boolean | null;
export type StringFormat = 'email' | 'uri' | 'hostname' | 'date' | 'date-time' | 'password';

/** Why a part of the body is edited as JSON text. */
export type JsonReason =
  | 'free-form' // an object without properties, an array without items
  | 'no-type'
  | 'not'
  | 'conditional' // if/then/else
  | 'tuple' // prefixItems or an items list
  | 'combination' // types or keywords that do not combine into one field
  | 'unsupported' // a keyword or value a field cannot stand for (`false`, patternProperties, ...)
  | 'unresolved' // a `$ref` to another file or to nothing
  | 'cycle' // a `$ref` already on the way here
  | 'depth'
  | 'too-many';

export interface FieldBase {
  /**
   * The field's key in the form's value: `f` and its place in the tree (pre-order), never the
   * property's name, which may be anything (`a.b`, `0`, `__proto__`, ''). Unique in the tree.
   */
  key: string;
  /**
   * Where the value goes in the body, as a JSON pointer ('' for the body itself). Below an
   * array the item is `-` (JSON Patch's "the item"), below key/value rows the value is `*`:
   * a pattern, not an address; fieldAt() finds the field for a concrete pointer.
   */
  pointer: string;
  /** Where its schema is in the description (`#/components/schemas/Web/properties/target`). */
  schemaPointer: string;
  /** The property's name when the field is an object's property. */
  name: string | undefined;
  /**
   * The schema's title, else the property's name made human (`quotaMiB` → "Quota (MiB)"; '' for
   * items, rows and an untitled body). The wire name stays in `name`, shown beside it.
   */
  label: string;
  /** The schema's description (CommonMark, cut at 2,000 characters). */
  hint: string | undefined;
  /** From `examples`/`example`: text for an empty input, never a value. */
  placeholder: string | undefined;
  required: boolean;
  /** `nullable: true` (3.0), `type: [X, 'null']` (3.1) or `null` among an enum's values. */
  nullable: boolean;
  /** The schema's `default` as written; initialValue() prefills it. */
  default: JsonValue | undefined;
  deprecated: boolean;
}

export interface StringField extends FieldBase {
  kind: 'string';
  /** Formats the form treats specially; others are left to validation. */
  format: StringFormat | undefined;
  /** Masked input, never echoed: `format: password`. */
  secret: boolean;
  writeOnly: boolean;
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: string | undefined;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  /** 3.0's boolean and 3.1's numeric exclusive bounds, both as a bound and a flag. */
  minimum: number | undefined;
  exclusiveMinimum: boolean;
  maximum: number | undefined;
  exclusiveMaximum: boolean;
  multipleOf: number | undefined;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

export interface EnumField extends FieldBase {
  kind: 'enum';
  /** The values in the schema's order, `null` left out (it is `nullable`), at most maxOptions. */
  options: readonly Exclude<Primitive, null>[];
  control: 'select' | 'radio';
  /** How many values the schema lists (without null); more than options when truncated. */
  total: number;
  truncated: boolean;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  /** The properties in declared order (an allOf's in its members' order), readOnly ones left out. */
  children: readonly FieldDescriptor[];
  /** `additionalProperties` (a schema or true): key/value rows, each value like `value`. */
  rows: { value: FieldDescriptor } | undefined;
  /** Properties left out as readOnly: no row may take their names. */
  readOnlyNames: readonly string[];
}

export interface ArrayField extends FieldBase {
  kind: 'array';
  items: FieldDescriptor;
  minItems: number | undefined;
  maxItems: number | undefined;
}

export interface Variant {
  label: string;
  /** Where the label came from: the page words an index ("Option 2") in the user's language. */
  /**
   * `kind`: the label is a field kind (string, number, integer, boolean, enum, array, object),
   * which the page words in the user's language; `properties`: the properties it holds.
   */
  labelFrom: 'title' | 'ref' | 'value' | 'properties' | 'kind' | 'index';
  field: FieldDescriptor;
}

export interface VariantsField extends FieldBase {
  kind: 'variants';
  combinator: 'oneOf' | 'anyOf';
  /**
   * The property that tells the variants apart: the discriminator's `propertyName`, else one
   * every variant sets to a value of its own (`type: { const: webspace }`); names the choice.
   */
  chooser: string | undefined;
  /** Each variant merged with the schema around the oneOf/anyOf; all at this field's pointer. */
  variants: readonly Variant[];
}

export interface JsonField extends FieldBase {
  kind: 'json';
  reason: JsonReason;
}

export type FieldDescriptor =
  | StringField
  | NumberField
  | BooleanField
  | EnumField
  | ObjectField
  | ArrayField
  | VariantsField
  | JsonField;

export interface FormFields {
  root: FieldDescriptor;
  /** Descriptors built (keys f0 … f(count-1)). */
  count: number;
  /** True when maxFields was reached and a part became JSON text for that reason. */
  capped: boolean;
  dialect: Dialect;
}

export interface FieldsOptions {
  /** Where the schema is in the description, for messages ('#' when not given). */
  pointer?: string;
  /** Whether the body itself is required (requestBody.required); true when not given. */
  required?: boolean;
  maxDepth?: number;
  maxFields?: number;
  maxOptions?: number;
}
