import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 17: every write the server describes, from its JSON Schemas, through the write guard.
// These specs use the simulator's own description (admin key), as `npm run dev` does.

const API = '/liveconfig/api/v1';

async function openOperation(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name.split(' ')[1] ?? name);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name.split(' ')[1] ?? name);
}

/** The writes the panel sent: every request but reads and the seeding of domains (seedDomain). */
const writes = async (sim: { requests: () => Promise<{ method: string; path: string; body: string }[]> }) =>
  (await sim.requests()).filter((request) => request.method !== 'GET' && request.method !== 'HEAD' &&
    !(request.method === 'POST' && request.path === `${API}/customers/c0002/domains`));

test.beforeEach(async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
});

test('a mailbox added through its generated form: the documented body, the password never shown or kept', async ({ page, sim }) => {
  await seedDomain(page, 'mail.example', 'web77');
  await openOperation(page, 'POST /customers/{customerId}/domains/{domain}/mailboxes');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('mail.example');

  // A required field left empty: nothing is sent, and the field says why.
  await page.getByRole('textbox', { name: /^Local part/ }).fill('sales');
  await page.getByRole('button', { name: 'Send' }).click();
  const password = page.getByLabel(/^Password/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  expect(await writes(sim)).toEqual([]);

  // Too short for the schema: still nothing sent.
  await password.fill('short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('At least 12 characters.')).toBeVisible();
  expect(await writes(sim)).toEqual([]);

  await password.fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Show request' }).click();
  const shown = page.locator('.request-shown');
  await expect(shown).toContainText('"localPart":"sales"');
  await expect(shown).not.toContainText('correct-horse-battery');
  await page.getByRole('button', { name: 'Send' }).click();
  // The result in the user's words: the thing and what happened, by the answer's address.
  const result = page.getByRole('status').filter({ hasText: 'added' });
  await expect(result).toHaveText('Mailbox sales@mail.example added.');
  await expect(result).not.toContainText('POST');
  await expect(result).not.toContainText('201');
  // Method, path and status are under "Show request" (and in Activity, below).
  await expect(shown).toContainText('POST /liveconfig/api/v1/customers/c0002/domains/mail.example/mailboxes');
  await expect(shown).toContainText('The server answered with status 201.');
  const sent = await writes(sim);
  expect(sent.map((request) => [request.method, request.path])).toEqual([['POST', `${API}/customers/c0002/domains/mail.example/mailboxes`]]);
  expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ localPart: 'sales', password: 'correct-horse-battery' });

  // The password is nowhere but in the request that carried it.
  await expect(page.locator('body')).not.toContainText('correct-horse-battery');
  const stored = await page.evaluate(() => Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '').join('\n'));
  expect(stored).not.toContain('correct-horse-battery');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('row', { name: /POST .*mailboxes.* 201 created/ })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('correct-horse-battery');
});

test('a domain changed through PATCH: the current values loaded, only the changed field sent', async ({ page, sim }) => {
  await seedDomain(page, 'edit.example', 'web77');
  await openOperation(page, 'PATCH /customers/{customerId}/domains/{domain}');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('edit.example');
  // Not blind: without the current values, a change is not sent at all.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Load the current values of this resource first' })).toBeVisible();
  expect(await writes(sim)).toEqual([]);
  await page.getByRole('button', { name: 'Load current values' }).click();
  await expect(page.getByText('Current values loaded: only what you change is sent.')).toBeVisible();
  const www = page.getByRole('checkbox', { name: /^www/ });
  await expect(www).toBeChecked();
  await www.uncheck();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'changed' })).toHaveText('Domain edit.example changed.');
  const sent = await writes(sim);
  expect(sent.map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['PATCH', `${API}/customers/c0002/domains/edit.example`, { www: false }],
  ]);
  expect((await sim.domains()).find((domain) => domain.domain === 'edit.example')).toMatchObject({ www: false });

  // Sent again with nothing changed since the load: nothing goes out.
  await page.getByRole('button', { name: 'Load current values' }).click();
  await expect(www).not.toBeChecked();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Nothing changed, so nothing was sent.')).toBeVisible();
  expect(await writes(sim)).toHaveLength(1);

  // An emptied field is no change a PATCH can send: said, not silently dropped.
  await page.getByRole('textbox', { name: /^Target/ }).fill('');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Nothing changed, so nothing was sent.')).toBeVisible();
  await expect(page.getByText(/^Left as they are on the server: web\.target\./)).toBeVisible();
  expect(await writes(sim)).toHaveLength(1);
});

test('a DELETE sends nothing until the identifier is typed, then exactly one', async ({ page, sim }) => {
  await seedDomain(page, 'gone.example', 'web77');
  await openOperation(page, 'DELETE /customers/{customerId}/domains/{domain}');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('gone.example');
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Delete domain gone.example?');
  await expect(dialog).not.toContainText('DELETE');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  const field = dialog.getByRole('textbox', { name: 'Type the identifier to confirm' });
  await expect(field).toBeFocused();
  await field.fill('gone.exampl');
  await expect(confirm).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await writes(sim)).toEqual([]);

  await page.getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('gone.example');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('Domain gone.example deleted.');
  expect((await writes(sim)).map((request) => [request.method, request.path])).toEqual([['DELETE', `${API}/customers/c0002/domains/gone.example`]]);
  expect((await sim.domains()).map((domain) => domain.domain)).not.toContain('gone.example');
});

test('a write cut after the server stored it: unknown, checked with the description\'s read, never sent again on its own', async ({ page, sim }) => {
  await seedDomain(page, 'cut.example', 'web77');
  await sim.fault({ method: 'POST', pathIncludes: '/mailboxes', action: 'reset', when: 'after' });
  await openOperation(page, 'POST /customers/{customerId}/domains/{domain}/mailboxes');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('cut.example');
  await page.getByRole('textbox', { name: /^Local part/ }).fill('info');
  await page.getByLabel(/^Password/).fill('another-long-password');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A read shows it took effect' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Whether mailbox info@cut.example was added is unknown.' })).toBeVisible();
  const afterCheck = await sim.requests();
  expect(afterCheck.filter((request) => request.method === 'POST' && request.path.endsWith('/mailboxes'))).toHaveLength(1);
  expect(afterCheck.some((request) => request.method === 'GET' && request.path === `${API}/customers/c0002/domains/cut.example/mailboxes`)).toBe(true);

  // Pressed again: the write went through, so the same one again needs the user's word.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toContainText('Mailbox info@cut.example: exactly this already went through.');
  await expect(page.getByRole('alert').getByRole('button', { name: 'Send again anyway' })).toBeVisible();
  expect(await writes(sim)).toHaveLength(1);

  // Activity: the write as unknown, the read that settled it as its check.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('table', { name: 'Requests, newest first' });
  await expect(activity.getByRole('row', { name: /POST .*mailboxes.* unknown/ })).toBeVisible();
  await expect(activity.getByRole('row', { name: /GET .*mailboxes.*checked: cut\.example took effect \(request #\d+\)/ })).toBeVisible();
});

test('generated forms are axe clean in both languages and schemes, and usable at 360 px', async ({ page }) => {
  await openOperation(page, 'POST /customers/{customerId}/domains');
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await saveSettings(page, { language: 'Deutsch' });
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'API', exact: true }).click();
  await page.getByRole('link', { name: 'POST /customers/{customerId}/domains', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Als JSON bearbeiten' })).toBeVisible();
  await expectNoViolations(page);
});

test('a catastrophic pattern in a description is checked in a worker with a time limit: nothing sent, the page never freezes', async ({ page, sim }) => {
  await page.goto('/#/api');
  await page.getByLabel('API description file').setInputFiles({ name: 'lc3-api.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({
    openapi: '3.1.0', info: { title: 'Backtracking', version: '1' },
    paths: { '/things': { post: { operationId: 'addThing', requestBody: { required: true, content: { 'application/json': { schema: {
      type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^([a-z0-9]+-?)*[a-z0-9]+$' } },
    } } } }, responses: { 201: { description: 'added' } } } } },
  })) });
  await page.getByRole('link', { name: 'POST /things', exact: true }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('mysubdomainnameforwebshop0123456789_');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Checking the body against its schema took too long')).toBeVisible();
  // The page answered all along: typing still lands at once.
  await page.getByRole('textbox', { name: /^Name/ }).fill('shop-01');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('shop-01');
  expect((await sim.requests()).filter((request) => request.path.includes('/things'))).toEqual([]);
});

test('a hostname field takes an international name by the panel\'s own rules and sends its ASCII form', async ({ page, sim }) => {
  await openOperation(page, 'POST /customers/{customerId}/domains');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('Bücher.example');
  await page.getByRole('textbox', { name: /^Account/ }).fill('web77');
  await page.getByRole('button', { name: 'Send' }).click();
  // Named in Unicode, as typed, though it went out in ASCII.
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText('Domain bücher.example added.');
  // (The same path seedDomain uses, so this test reads the simulator's POSTs itself.)
  const [sent] = await sim.posts();
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ domain: 'xn--bcher-kva.example', account: 'web77' });

  // A name the rules refuse is marked on its field, and nothing is sent.
  await page.getByRole('textbox', { name: /^Domain/ }).fill('bad_ü.example');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Underscores are not allowed in domain names.')).toBeVisible();
  expect(await sim.posts()).toHaveLength(1);
});

test('keyboard only: a nullable field sent as null, and a delete confirmed by typing and Enter', async ({ page, sim }) => {
  await page.goto('/#/api');
  await page.getByLabel('API description file').setInputFiles({ name: 'lc3-api.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({
    openapi: '3.1.0', info: { title: 'Things', version: '1' },
    paths: {
      '/things': { post: { operationId: 'addThing', requestBody: { required: true, content: { 'application/json': { schema: {
        type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: ['string', 'null'] } },
      } } } }, responses: { 201: { description: 'added' } } } },
      '/things/{id}': { delete: { operationId: 'removeThing', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 204: { description: 'gone' } } } },
    },
  })) });
  const things = async () => (await sim.requests()).filter((request) => request.path.includes('/things')).map((request) => [request.method, request.path, request.body]);

  await page.getByRole('link', { name: 'POST /things', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
  await page.getByRole('textbox', { name: /^Name/ }).focus();
  await page.keyboard.type('lamp');
  await page.getByRole('checkbox', { name: 'Send null for note' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Send null for note' })).toBeChecked();
  await page.getByRole('textbox', { name: /^Name/ }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(things).toEqual([['POST', '/liveconfig/api/v1/things', '{"name":"lamp","note":null}']]);

  await page.goto('/#/api');
  await page.getByRole('link', { name: 'DELETE /things/{id}', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: /^ID/ }).focus();
  await page.keyboard.type('lamp-1');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
  await expect(dialog.getByRole('textbox', { name: 'Type the identifier to confirm' })).toBeFocused();
  await page.keyboard.type('lamp-1');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await things()).length).toBe(2);
  expect((await things())[1]).toEqual(['DELETE', '/liveconfig/api/v1/things/lamp-1', '']);
});

test('a write\'s path and query values are checked against their own schemas: nothing sent outside their bounds', async ({ page, sim }) => {
  await page.goto('/#/api');
  await page.getByLabel('API description file').setInputFiles({ name: 'lc3-api.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({
    openapi: '3.0.3', info: { title: 'Bounds', version: '1' },
    paths: { '/things/{id}': { put: {
      operationId: 'putThing',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
        { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } },
      ],
      responses: { 204: { description: 'stored' } },
    } } },
  })) });
  await page.getByRole('link', { name: 'PUT /things/{id}', exact: true }).click();
  await page.getByRole('textbox', { name: /^ID/ }).fill('abc1');
  await page.getByRole('textbox', { name: /^Limit/ }).fill('50');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('At most 10.')).toBeVisible();
  // The pattern in words, never the expression.
  await expect(page.getByText('Use lower-case letters.')).toBeVisible();
  await expect(page.getByText('^[a-z]+$')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^ID/ })).toBeFocused();
  await page.getByRole('textbox', { name: /^ID/ }).fill('abc');
  await page.getByRole('textbox', { name: /^Limit/ }).fill('5');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(async () => (await sim.requests()).filter((request) => request.path.includes('/things')).map((request) => `${request.method} ${request.path}`))
    .toEqual(['PUT /liveconfig/api/v1/things/abc?limit=5']);
});

test('a server\'s 422 lands on the fields it names (FastAPI\'s loc here), the rest in the alert; the form keeps what was typed', async ({ page, sim }) => {
  await seedDomain(page, 'refuse.example', 'web77');
  await openOperation(page, 'POST /customers/{customerId}/domains/{domain}/mailboxes');
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Domain/ }).fill('refuse.example');
  await page.getByRole('textbox', { name: /^Local part/ }).fill('postmaster');
  await page.getByLabel(/^Password/).fill('correct-horse-battery');
  await sim.fault({
    method: 'POST', pathIncludes: '/mailboxes', action: 'respond', status: 422, count: 1, contentType: 'application/json',
    body: JSON.stringify({ detail: [{ loc: ['body', 'localPart'], msg: 'This name is reserved.', type: 'value_error' }, { loc: ['body', 'plan'], msg: 'No plan allows more mailboxes.' }] }),
  });
  await page.getByRole('button', { name: 'Send' }).click();

  const localPart = page.getByRole('textbox', { name: /^Local part/ });
  await expect(localPart).toHaveAttribute('aria-invalid', 'true');
  await expect(localPart).toHaveAccessibleDescription(/This name is reserved\./);
  await expect(localPart).toHaveValue('postmaster');
  await expect(page.getByRole('alert')).toContainText('plan: No plan allows more mailboxes.');
  expect((await writes(sim)).map((request) => request.method)).toEqual(['POST']);
});
