// A small sample of `npm run check:descriptions` (bench/descriptions/README.md) for the unit suite:
// the two descriptions kept in bench/descriptions/fixtures/ read from disk, indexed, and each form
// built, filled as a user would, turned into a body and validated; the fields of two known
// operations named. The check itself runs the eleven real descriptions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject, type JsonObject, type JsonValue } from '../json.ts';
import { indexDescription, type Operation } from '../operations.ts';
import { buildRead } from '../read-request.ts';
import { readDescription } from '../read-description.ts';
import { atPointer, resolveLocal } from '../refs.ts';
import { bodySchemaOf } from './fields/body-schema.ts';
import { fieldsOf } from './fields/build-fields.ts';
import type { FieldDescriptor, FormFields } from './fields/field-types.ts';
import { CHOICE, type FormEntry, type FormObject } from './value/form-entry.ts';
import { initialValue } from './value/initial-value.ts';
import { toBody } from './value/to-body.ts';
import { validateBody } from './validate/validate-body.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../bench/descriptions/fixtures');

function described(name: string): { document: JsonObject; operations: readonly Operation[] } {
  const read = readDescription(readFileSync(path.join(FIXTURES, name), 'utf8'));
  if (!read.ok) throw new Error(`${name} was refused: ${read.problem.key}`);
  return { document: read.document, operations: indexDescription(read.document, read.version, '').operations };
}

const FORMAT_VALUES: Record<string, string> = {
  ipv4: '192.0.2.10', ipv6: '2001:db8::10', email: 'admin@example.com', date: '2024-05-17', 'date-time': '2024-05-17T12:30:00Z', uri: 'https://example.com/',
};

/** The form's value with every required field filled (the first option, a format's value, a number in bounds), variant `choice` chosen. */
function filled(document: JsonObject, fields: FormFields, choice = 0): FormObject {
  const formatOf = (schema: JsonValue | undefined): string | undefined => {
    const resolved = resolveLocal(document, schema);
    return isObject(resolved) && typeof resolved.format === 'string' ? resolved.format : undefined;
  };
  const fill = (field: FieldDescriptor, entry: FormEntry, member?: JsonValue): FormEntry => {
    const isObjectEntry = typeof entry === 'object' && entry !== null && !Array.isArray(entry);
    switch (field.kind) {
      case 'object': {
        const copy: FormObject = isObjectEntry ? { ...entry } : {};
        for (const child of field.children) if (child.required) copy[child.key] = fill(child, copy[child.key]);
        return copy;
      }
      case 'array':
        // A new item starts as the form's "Add item" starts one: its defaults prefilled.
        return Array.from({ length: Math.max(field.minItems ?? 1, 1) }, () => ({ [field.items.key]: fill(field.items, initialValue({ ...fields, root: field.items })[field.items.key]) }));
      case 'variants': {
        const index = Math.min(choice, field.variants.length - 1);
        const variant = field.variants[index];
        const around = resolveLocal(document, atPointer(document, field.schemaPointer));
        const members = isObject(around) ? around[field.combinator] : undefined;
        const copy: FormObject = isObjectEntry ? { ...entry } : {};
        if (variant === undefined) return copy;
        copy[CHOICE] = String(index);
        copy[variant.field.key] = fill(variant.field, copy[variant.field.key], Array.isArray(members) ? members[index] : undefined);
        return copy;
      }
      default:
        if (entry !== undefined && entry !== '') return entry;
        if (field.kind === 'enum') return '0';
        if (field.kind === 'boolean') return true;
        if (field.kind === 'number') return String(field.minimum === undefined ? 1 : field.minimum + 1);
        if (field.kind === 'string') return FORMAT_VALUES[formatOf(member) ?? formatOf(atPointer(document, field.schemaPointer)) ?? field.format ?? ''] ?? 'example-value';
        return '{}';
    }
  };
  const start = initialValue(fields);
  return { [fields.root.key]: fill(fields.root, start[fields.root.key]) };
}

/** Each form of the operations: built as the write form builds it, filled (a second variant tried), its problems. */
function formsOf(document: JsonObject, operations: readonly Operation[]) {
  return operations.flatMap((operation) => {
    const body = bodySchemaOf(document, operation);
    if (body === undefined) return [];
    const fields = fieldsOf(document, body.schema, { pointer: body.pointer, required: body.required, maxOptions: 200 });
    const attempt = (choice: number) => {
      const built = toBody(fields, filled(document, fields, choice));
      return { body: built.body, problems: [...built.problems.map((problem) => `${problem.pointer} ${problem.code}`), ...validateBody(document, body.schema, built.body).map((problem) => `${problem.pointer} ${problem.code}`)] };
    };
    const first = attempt(0);
    const result = first.problems.length === 0 ? first : attempt(1);
    return [{ operation, schema: body.schema, fields, ...result }];
  });
}

/** A field tree in brief: `name:kind`, `*` for required, children in braces, variants by label. */
function brief(field: FieldDescriptor): string {
  const own = `${field.name ?? ''}${field.required ? '*' : ''}:${field.kind}`;
  if (field.kind === 'object') return `${own}{${field.children.map(brief).join(',')}}`;
  if (field.kind === 'variants') return `${own}[${field.variants.map((variant) => `${variant.label}=${brief(variant.field)}`).join('|')}]`;
  if (field.kind === 'string' && field.format !== undefined) return `${own}(${field.format})`;
  return own;
}

describe('the pet shop (bench/descriptions/fixtures/pets.yaml), whole', () => {
  const { document, operations } = described('pets.yaml');

  it('indexes every operation, and every filled form is a body that validates', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['get /pets', 'post /pets', 'get /pets/{petId}', 'patch /pets/{petId}', 'delete /pets/{petId}']);
    const forms = formsOf(document, operations);
    expect(forms.map((form) => form.operation.key)).toEqual(['addPet', 'changePet']);
    for (const form of forms) expect(form.problems, form.operation.key).toEqual([]);
    expect(forms[0]?.body).toEqual({ name: 'example-value', species: 'cat' });
  });

  it('builds the fields of addPet as the schema says: readOnly left out, required marked, formats kept', () => {
    const form = formsOf(document, operations).find((candidate) => candidate.operation.key === 'addPet');
    expect(form && brief(form.fields.root)).toBe('*:object{name*:string,species*:enum,born:string(date),weight:number,owner:object{email*:string(email),phone:string}}');
  });

  it('refuses the body a required value is taken from, at that value', () => {
    const form = formsOf(document, operations).find((candidate) => candidate.operation.key === 'addPet');
    expect(validateBody(document, form?.schema, { name: 'Tom' })).toEqual([{ pointer: '/species', code: 'required', params: { property: 'species' } }]);
    expect(validateBody(document, form?.schema, { name: 'Tom', species: 'cat', owner: { email: 'no address' } }).map((problem) => `${problem.pointer} ${problem.code}`)).toEqual(['/owner/email format']);
  });

  it('builds a path parameter into the request, and refuses a value that is no plain segment', () => {
    const show = operations.find((operation) => operation.key === 'showPet');
    if (!show) throw new Error('no showPet');
    const built = buildRead(document, show, { 'path:petId': 'tom-cat' });
    expect(built.ok && built.request.path).toEqual(['pets', 'tom-cat']);
    expect(buildRead(document, show, { 'path:petId': '../admin' }).ok).toBe(false);
  });
});

describe('shapes from real descriptions (bench/descriptions/fixtures/shapes.yaml)', () => {
  const { document, operations } = described('shapes.yaml');
  const expectation = (operation: Operation) => {
    const raw = atPointer(document, operation.pointer);
    return isObject(raw) ? raw['x-expect'] : undefined;
  };

  it('fills each shape the panel handles into a body that validates', () => {
    const valid = formsOf(document, operations).filter((form) => expectation(form.operation) === 'valid');
    expect(valid.map((form) => `${form.operation.method} ${form.operation.path}`)).toEqual(['post /servers', 'post /dns-firewall', 'post /secrets', 'post /checks', 'post /rulesets']);
    for (const form of valid) expect(form.problems, form.operation.key).toEqual([]);
    expect(valid.find((form) => form.operation.path === '/dns-firewall')?.body).toEqual({ name: 'example-value', upstream_ips: ['192.0.2.10'] });
    // A variant's tag narrowed in an allOf is set by choosing the variant.
    expect(valid.find((form) => form.operation.path === '/rulesets')?.body).toEqual({ rules: [{ action: 'block', enabled: true }] });
  });

  it('builds a oneOf told apart by a one-value tag as a choice of variants, each setting its tag', () => {
    const form = formsOf(document, operations).find((candidate) => candidate.operation.path === '/checks');
    expect(form && brief(form.fields.root)).toBe('*:object{mode*:enum,configuration*:variants[IP=configuration*:object{target:enum,value:string}|Country=configuration*:object{target:enum,value:string}]}');
    expect(form?.body).toEqual({ mode: 'block', configuration: { target: 'ip' } });
  });

  it('refuses, where the description is itself unsatisfiable, with the validator\'s reason', () => {
    const buckets = formsOf(document, operations).find((candidate) => candidate.operation.path === '/buckets');
    if (!buckets) throw new Error('no POST /buckets');
    expect(expectation(buckets.operation)).toBe('description-defect');
    expect(buckets.problems).toEqual(['/cluster required']);
  });
});
