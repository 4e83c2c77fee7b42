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
// A choice by its pointer in the body (`/web/enabled`), or a top-level one by its name.
const keyOf = (name: string) => {
  const pointer = name.startsWith('/') ? name : `/${name}`;
  const found = changeableFields(fields).find((field) => field.pointer === pointer);
  if (!found) throw new Error(name);
  return found.key;
};
const rootKey = fields.root.key;
/** The form's value with `entries` by property name. */
function valueOf(chosen: FormFields, entries: Record<string, unknown>): FormObject {
  const fill = (field: FormFields['root']): Record<string, unknown> => {
    const entry: Record<string, unknown> = {};
    if (field.kind !== 'object') return entry;
    for (const child of field.children) {
      const named = child.pointer.slice(1).replaceAll('/', '.');
      if (named in entries) entry[child.key] = entries[named];
      else if (child.kind === 'object') entry[child.key] = fill(child);
    }
    return entry;
  };
  return { [rootKey]: fill(chosen.root) } as FormObject;
}

describe('Change on many rows', () => {
  it('offers the body\'s own properties, an object\'s each on its own, not a read-only or deprecated one', () => {
    expect(changeableFields(fields).map((field) => [field.pointer, field.label])).toEqual([
      ['/account', 'Account'], ['/www', 'www'], ['/web/enabled', 'Web › Enabled'], ['/web/target', 'Web › Target'], ['/quotaMiB', 'Quota (MiB)'],
    ]);
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
    // Merged field by field (a PATCH's JSON merge): what is not chosen inside an object stays as it is.
    ['one field of an object: that field alone, in its object', ['/web/enabled'], { 'web.enabled': false, 'web.target': '/' }, { web: { enabled: false } }],
    ['two fields of an object', ['/web/target', '/web/enabled'], { 'web.enabled': true, 'web.target': '/srv' }, { web: { enabled: true, target: '/srv' } }],
    ['a field of an object left empty is said', ['/web/target'], { 'web.target': '' }, 'problem /web/target'],
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
