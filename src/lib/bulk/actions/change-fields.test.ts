import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../openapi/form/fields/build-fields.ts';
import type { FormFields } from '../../openapi/form/fields/field-types.ts';
import type { JsonObject } from '../../openapi/json.ts';
import type { FormObject } from '../../openapi/form/value/form-entry.ts';
import { changeableFields, changeBody, chosenFields } from './change-fields.ts';

// A domain's PATCH as the simulator describes it: the hosting account, web settings, mail.
const schema: JsonObject = {
  type: 'object', additionalProperties: false,
  properties: {
    account: { type: 'string' },
    www: { type: 'boolean', default: true },
    web: { type: 'object', properties: { enabled: { type: 'boolean' }, target: { type: 'string' } } },
    quotaMiB: { type: 'integer', minimum: 1 },
    legacy: { type: 'string', deprecated: true },
    id: { type: 'string', readOnly: true },
  },
};
const fields = fieldsOf({}, schema, { pointer: '#', required: true });
const keyOf = (name: string) => {
  const found = changeableFields(fields).find((field) => field.name === name);
  if (!found) throw new Error(name);
  return found.key;
};
const rootKey = fields.root.key;
/** The form's value with `entries` by property name. */
function valueOf(chosen: FormFields, entries: Record<string, unknown>): FormObject {
  const entry: Record<string, unknown> = {};
  if (chosen.root.kind === 'object') for (const child of chosen.root.children) if (child.name !== undefined && child.name in entries) entry[child.key] = entries[child.name];
  return { [rootKey]: entry } as FormObject;
}

describe('Change on many rows', () => {
  it('offers the body\'s own properties, not a read-only or deprecated one', () => {
    expect(changeableFields(fields).map((field) => field.name)).toEqual(['account', 'www', 'web', 'quotaMiB']);
  });

  it.each([
    ['no body', undefined],
    ['a body that is no object', fieldsOf({}, { type: 'array', items: { type: 'string' } }, { pointer: '#' })],
  ])('offers nothing for %s', (_case, given) => {
    expect(changeableFields(given)).toEqual([]);
  });

  it.each<[string, string[], Record<string, unknown>, unknown]>([
    ['one field: just that field', ['account'], { account: 'web2' }, { account: 'web2' }],
    ['a boolean set to false is a value', ['www'], { www: false }, { www: false }],
    ['its default, when chosen, is sent', ['www'], { www: true }, { www: true }],
    ['two fields, in the body\'s order', ['quotaMiB', 'account'], { account: 'web2', quotaMiB: '512' }, { account: 'web2', quotaMiB: 512 }],
    ['an object chosen whole', ['web'], { web: undefined }, 'problem /web'],
    ['a chosen field left empty is said, never left out', ['account'], { account: '' }, 'problem /account'],
    ['a number that is none', ['quotaMiB'], { quotaMiB: 'many' }, 'problem /quotaMiB'],
    ['an unchosen field\'s value is never sent', ['account'], { account: 'web2', www: false }, { account: 'web2' }],
  ])('%s', (_case, names, entries, expected) => {
    const chosen = chosenFields(fields, new Set(names.map(keyOf)));
    if (!chosen) throw new Error('nothing chosen');
    const value = valueOf(chosen, entries);
    // The unchosen field's value is in the form (it was typed before being unticked) but not asked.
    if ('www' in entries && !names.includes('www')) (value[rootKey] as Record<string, unknown>)[keyOf('www')] = entries.www;
    const built = changeBody(chosen, value);
    expect(built.ok ? built.body : `problem ${built.problems.map((problem) => problem.pointer).join(' ')}`).toEqual(expected);
  });

  it('nothing chosen: no form', () => {
    expect(chosenFields(fields, new Set())).toBeUndefined();
  });
});
