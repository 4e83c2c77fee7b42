// A hosting account's settings: one object per account, read whole and changed field by field.
import { jsonResponse, problemResponse } from '../problem.ts';
import type { AccountSettings } from '../state.ts';
import { DEFAULT_ACCOUNT_SETTINGS, validateAccountSettingsChange } from '../validate-account-settings.ts';
import type { CustomerRequest, CustomerRoute } from './route-types.ts';

const SETTINGS = '/customers/{customerId}/accounts/{account}/settings';

/** The account's settings key, or the 404 to answer for an account the customer does not have. */
function accountKey({ customer, params }: CustomerRequest): { ok: true; key: string } | { ok: false; response: Response } {
  const name = params.account ?? '';
  if (customer.accounts.some((account) => account.name === name)) return { ok: true, key: `${customer.id}/${name}` };
  return { ok: false, response: problemResponse(404, `Hosting account "${name}" not found for customer "${customer.id}".`) };
}

function settingsOf(request: CustomerRequest, key: string): AccountSettings {
  return request.state.accountSettings.get(key) ?? { ...DEFAULT_ACCOUNT_SETTINGS };
}

export const getAccountSettings: CustomerRoute = {
  method: 'get',
  path: SETTINGS,
  operationId: 'getAccountSettings',
  tag: 'Hosting accounts',
  audience: 'customer',
  summary: 'Read the settings of a hosting account',
  description: 'PHP version, PHP memory limit and SSH access of the account: every site on it shares them.',
  success: { status: 200, description: 'The settings.', schema: 'AccountSettings' },
  handle: (request) => {
    const key = accountKey(request);
    return key.ok ? jsonResponse(200, settingsOf(request, key.key)) : key.response;
  },
};

export const changeAccountSettings: CustomerRoute = {
  method: 'patch',
  path: SETTINGS,
  operationId: 'changeAccountSettings',
  tag: 'Hosting accounts',
  audience: 'customer',
  summary: 'Change the settings of a hosting account',
  description: [
    'Changes the settings given and keeps the others; the answer is the whole object.',
    '',
    'A new PHP version applies to every site of the account from the next request on.',
  ].join('\n'),
  requestBody: {
    schema: 'AccountSettingsChange',
    description: 'The settings to change; fields left out keep their value.',
    example: { phpVersion: '8.4', sshAccess: true },
  },
  success: { status: 200, description: 'The settings as changed.', schema: 'AccountSettings' },
  handle: (request) => {
    const key = accountKey(request);
    if (!key.ok) return key.response;
    const result = validateAccountSettingsChange(request.body);
    if (!result.ok) return problemResponse(422, 'The request has invalid fields.', { errors: result.errors });
    const settings: AccountSettings = { ...settingsOf(request, key.key), ...result.value };
    request.state.accountSettings.set(key.key, settings);
    return jsonResponse(200, settings);
  },
};
