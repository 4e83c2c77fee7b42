import { describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsFormValues, toFormValues } from './settings-schema.ts';

const values = (changes: Partial<SettingsFormValues> = {}): SettingsFormValues => ({
  apiKey: 'k', customerId: 'c0002', language: 'en', actAsCustomer: '', actAsUser: '', ...changes,
});

/** Each field with an issue, and its message key. */
function issues(input: SettingsFormValues): Record<string, string[]> {
  const result = settingsSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('the settings form\'s rules for acting as a customer or a user', () => {
  it.each([
    ['nobody', {}],
    ['a customer', { actAsCustomer: 'c0001' }],
    ['a user', { actAsUser: 'anna' }],
    ['a user name of 64 visible characters', { actAsUser: `${'a'.repeat(62)}.@` }],
    ['a customer with spaces around it (trimmed)', { actAsCustomer: '  c0001 ' }],
    ['one set, the other only spaces', { actAsCustomer: 'c0001', actAsUser: '   ' }],
  ] as const)('accepts %s', (_name, changes) => {
    expect(issues(values(changes))).toEqual({});
  });

  it.each([
    ['both', { actAsCustomer: 'c0001', actAsUser: 'anna' }, { actAsCustomer: ['field.actAs.both'], actAsUser: ['field.actAs.both'] }],
    ['a customer ID with a dot', { actAsCustomer: 'c.0001' }, { actAsCustomer: ['field.customerId.invalid'] }],
    ['a customer ID of 65 characters', { actAsCustomer: 'c'.repeat(65) }, { actAsCustomer: ['field.customerId.invalid'] }],
    ['a user name with a space', { actAsUser: 'anna maria' }, { actAsUser: ['field.actAsUser.invalid'] }],
    ['a user name of 65 characters', { actAsUser: 'a'.repeat(65) }, { actAsUser: ['field.actAsUser.invalid'] }],
    ['a user name with an umlaut', { actAsUser: 'jürgen' }, { actAsUser: ['field.actAsUser.invalid'] }],
    ['a user name with a control character', { actAsUser: 'an\u0000na' }, { actAsUser: ['field.actAsUser.invalid'] }],
  ] as const)('refuses %s, with the message on the field', (_name, changes, expected) => {
    expect(issues(values(changes))).toEqual(expected);
  });

  it('says "not both" even while another field is wrong: every mistake at once', () => {
    expect(issues(values({ apiKey: 'ä', actAsCustomer: 'c0001', actAsUser: 'anna' }))).toEqual({
      apiKey: ['field.apiKey.invalid'], actAsCustomer: ['field.actAs.both'], actAsUser: ['field.actAs.both'],
    });
  });

  it('hands on trimmed values', () => {
    expect(settingsSchema.parse(values({ actAsUser: ' anna ' })).actAsUser).toBe('anna');
  });

  it('fills the form with empty fields where the settings act for nobody', () => {
    expect(toFormValues({ apiKey: 'k', customerId: '', language: 'de' })).toEqual({
      apiKey: 'k', customerId: '', language: 'de', actAsCustomer: '', actAsUser: '',
    });
    expect(toFormValues({ apiKey: '', customerId: '', language: 'en', actAsUser: 'anna' }).actAsUser).toBe('anna');
  });
});
