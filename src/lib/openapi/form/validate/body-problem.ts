// What a body check reports, apart from the checker: the page's messages and the worker's
// answers name it without loading @cfworker/json-schema.

export type ProblemCode =
  | 'required' | 'type' | 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'pattern' | 'format' | 'enum'
  | 'multipleOf' | 'minItems' | 'maxItems' | 'additionalProperties' | 'oneOf' | 'other';

export interface BodyProblem {
  /** JSON pointer in the body ('' for the body itself). */
  pointer: string;
  code: ProblemCode;
  /**
   * required: property; type: expected ('string', 'object|null'); minimum/maximum: limit,
   * exclusive (0|1); minLength/maxLength/minItems/maxItems: limit; pattern: pattern; format:
   * format; enum: count, values (the first ten, comma-separated); multipleOf: divisor;
   * additionalProperties: property; oneOf: matches; other: keyword.
   */
  params: Record<string, string | number>;
}

export const MAX_PROBLEMS = 200;
