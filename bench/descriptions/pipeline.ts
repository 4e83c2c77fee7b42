// The panel's own generated-form pipeline, imported in one place: when its modules are split or
// moved (names kept), this is the one file of the check to change.
import './build-globals.ts';
// eslint-disable-next-line boundaries/dependencies -- this check measures the page's pipeline itself; the import plan has no bench → lib policy
export { readDescription } from '../../src/lib/openapi/read-description.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { indexDescription, type Operation, type Parameter } from '../../src/lib/openapi/operations.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { isObject, type JsonObject, type JsonValue } from '../../src/lib/openapi/json.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { atPointer, lookUp } from '../../src/lib/openapi/refs.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { bodySchemaOf } from '../../src/lib/openapi/form/fields/body-schema.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { fieldsOf } from '../../src/lib/openapi/form/fields/build-fields.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export type { FieldDescriptor, FormFields } from '../../src/lib/openapi/form/fields/field-types.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { initialValue } from '../../src/lib/openapi/form/value/initial-value.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { CHOICE, type FormEntry, type FormObject } from '../../src/lib/openapi/form/value/form-entry.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { toBody, type ValueProblem } from '../../src/lib/openapi/form/value/to-body.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { validateBody } from '../../src/lib/openapi/form/validate/validate-body.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export type { BodyProblem } from '../../src/lib/openapi/form/validate/body-problem.ts';
// eslint-disable-next-line boundaries/dependencies -- as above
export { buildRead, fieldKind, parametersBySendability, unsendable, valueKey, type FieldKind } from '../../src/lib/openapi/read-request.ts';
