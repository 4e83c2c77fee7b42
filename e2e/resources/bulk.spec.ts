import { readFile } from 'node:fs/promises';
import type { Download, Page, Request } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { chooseDescriptionFile } from '../support/description-file.ts';
import { seedDomain } from '../support/domain-list.ts';
import { documentedBody, expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 24, part 1, must show: selection and bulk actions on resource lists and on Domains. Every
// row once through the write guard; a row whose connection was cut is checked with its item's
// read, and sent again only on the user's word; the report lists every row.

const API = '/liveconfig/api/v1';
const MAILBOXES = `${API}/customers/c0002/domains/example.org/mailboxes`;
const ADMIN = { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' };

async function addMailbox(page: Page, localPart: string) {
  const response = await page.request.post(MAILBOXES, { headers: ADMIN, data: { localPart, password: 'a-long-secret-1' } });
  expect(response.status(), `adding ${localPart}`).toBe(201);
}

const selection = (page: Page) => page.getByRole('group', { name: 'Selection', exact: true });
const bulk = (page: Page) => page.getByRole('group', { name: 'Bulk actions' });
const runRegion = (page: Page) => page.getByRole('region', { name: 'Bulk run' });

// Each test starts from an empty simulator (the sim fixture); none leaves its domains to a later spec.
test.afterEach(async ({ sim }) => { await sim.reset(); });

async function reportOf(download: Download): Promise<string> {
  const path = await download.path();
  return await readFile(path, 'utf8');
}

test('three mailboxes selected, "Delete", 3 typed: three DELETEs, each once; the one whose connection was cut is checked with its read, not sent again; the report lists all three', async ({ page, sim }) => {
  await seedDomain(page, 'example.org', 'web77');
  for (const name of ['info', 'office', 'sales', 'postmaster']) await addMailbox(page, name);
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.goto('/#/resources/customers/c0002/domains/example.org/mailboxes');
  const table = page.getByRole('table', { name: 'Mailboxes' });
  for (const name of ['info', 'office', 'sales']) await table.getByRole('checkbox', { name: `Select ${name}@example.org` }).check();
  await expect(selection(page)).toContainText('3 selected');
  await expectNoViolations(page);

  const before = (await sim.requests()).length;
  // The server deletes "sales", then the connection is cut before its answer.
  await sim.fault({ method: 'DELETE', pathIncludes: '/mailboxes/sales', action: 'reset', when: 'after', count: 1 });
  await bulk(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
  await expect(confirm).toContainText('Delete 3 entries?');
  const typed = confirm.getByRole('textbox', { name: 'Type the number of entries to confirm' });
  // Not the number (nor a decimal that reads as it): said at the field, which keeps focus; nothing sent.
  for (const wrong of ['2', '03', '3,0']) {
    await typed.fill(wrong);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(typed).toHaveAccessibleDescription('That is not 3: type 3 to delete the entries.');
    await expect(typed).toBeFocused();
  }
  expect((await sim.requests()).slice(before).filter((request) => request.method === 'DELETE')).toEqual([]);
  await typed.fill('3');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 3 entries.');
  // The button that opened the dialog is gone with the selection: focus is in the run's view.
  await expect(runRegion(page)).toBeFocused();

  const after = (await sim.requests()).slice(before);
  expect(after.filter((request) => request.method === 'DELETE').map((request) => request.path).sort()).toEqual(
    ['info', 'office', 'sales'].map((name) => `${MAILBOXES}/${name}`),
  );
  // Checked with the item's read after the cut: gone, so done, and not sent again.
  expect(after.filter((request) => request.method === 'GET' && request.path === `${MAILBOXES}/sales`)).toHaveLength(1);
  const results = runRegion(page).getByRole('table', { name: 'Results' });
  await expect(results.getByRole('row').filter({ hasText: 'sales' })).toContainText('A read shows it took effect; it is not sent again.');
  await expect(runRegion(page).getByRole('status')).toContainText('3 done, 0 failed, 0 unknown');

  const [csv] = await Promise.all([page.waitForEvent('download'), runRegion(page).getByRole('button', { name: 'Download report (CSV)' }).click()]);
  const lines = (await reportOf(csv)).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('name,method,path,outcome,http_status,sends,message,time');
  expect(lines.slice(1).map((line) => line.split(',').slice(1, 4).join(' '))).toEqual(
    ['info', 'office', 'sales'].map((name) => `DELETE ${MAILBOXES.slice(API.length)}/${name} done`),
  );
  const [json] = await Promise.all([page.waitForEvent('download'), runRegion(page).getByRole('button', { name: 'Download report (JSON)' }).click()]);
  const report = JSON.parse(await reportOf(json)) as { path: string; outcome: string; sends: number }[];
  expect(report.map((row) => [row.path.split('/').at(-1), row.outcome, row.sends])).toEqual([['info', 'done', 1], ['office', 'done', 1], ['sales', 'done', 1]]);

  // The list is read again: only the mailbox not selected is left; the selection is gone.
  await expect(table.getByRole('link')).toHaveText(['postmaster@example.org']);
  await expect(selection(page)).not.toContainText('selected');
  await expectNoViolations(page);
});

test('two domains selected on the Domains screen, one field changed: two PATCHes holding only that field', async ({ page, sim }) => {
  await seedDomain(page, 'a.example', 'web77');
  await seedDomain(page, 'b.example', 'web77');
  await seedDomain(page, 'c.example', 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  const table = page.getByRole('table', { name: 'Domains of customer c0002' });
  await table.getByRole('checkbox', { name: 'Select a.example' }).check();
  await table.getByRole('checkbox', { name: 'Select c.example' }).check();
  await expect(selection(page)).toContainText('2 selected');

  const before = (await sim.requests()).length;
  await bulk(page).getByRole('button', { name: 'Change', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 2 entries' });
  await dialog.getByRole('checkbox', { name: /^Change www/i }).check();
  const www = dialog.getByRole('checkbox', { name: /^www$/i });
  await www.check();
  await www.uncheck();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Change 2 entries' }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 2 entries.');
  const writes = (await sim.requests()).slice(before).filter((request) => request.method !== 'GET');
  expect(writes.map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['PATCH', `${API}/customers/c0002/domains/a.example`, { www: false }],
    ['PATCH', `${API}/customers/c0002/domains/c.example`, { www: false }],
  ]);
  expect((await sim.domains()).filter((domain) => domain.customer === 'c0002')).toHaveLength(3);

  // One field of an object (mail's "enabled"): that field alone, never its sibling (DKIM) at a default over each domain's own.
  await runRegion(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('table', { name: 'Domains of customer c0002' }).getByRole('checkbox', { name: 'Select b.example' }).check();
  const second = (await sim.requests()).length;
  await bulk(page).getByRole('button', { name: 'Change', exact: true }).click();
  const mail = page.getByRole('dialog', { name: 'Change 1 entry' });
  await expect(mail.getByRole('checkbox', { name: /^Change mail › dkim$/i })).toBeVisible();
  await mail.getByRole('checkbox', { name: /^Change mail › enabled$/i }).check();
  // Asked without a value to start from (no default): one is given.
  await mail.getByRole('checkbox', { name: 'Enabled', exact: true }).click();
  await expect(mail.getByRole('checkbox', { name: 'Enabled', exact: true })).toBeChecked();
  await mail.getByRole('button', { name: 'Change 1 entry' }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 1 entry.');
  const patches = (await sim.requests()).slice(second).filter((request) => request.method === 'PATCH');
  expect(patches.map((request) => [request.path, JSON.parse(request.body) as unknown])).toEqual([
    [`${API}/customers/c0002/domains/b.example`, { mail: { enabled: true } }],
  ]);
});

test('an action applied to two domains sends exactly two requests to the action\'s path; "Select all" takes the domains matching the filter', async ({ page, sim }) => {
  for (const name of ['shop.example', 'blog.example', 'other.test']) await seedDomain(page, name, 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Filter' }).fill('.example');
  await expect(page.getByRole('status').filter({ hasText: 'domains' })).toHaveText('2 of 3 domains');
  await selection(page).getByRole('button', { name: 'Select all' }).click();
  await expect(selection(page)).toContainText('All 2 selected');
  await expect(page.getByRole('checkbox', { name: 'Select shop.example' })).toBeChecked();
  const before = (await sim.requests()).length;
  await bulk(page).getByRole('button', { name: 'Renew certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew certificate: 2 entries' });
  await dialog.getByRole('button', { name: 'Renew certificate' }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 2 entries.');
  const writes = (await sim.requests()).slice(before).filter((request) => request.method !== 'GET');
  expect(writes.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
    `POST ${API}/customers/c0002/domains/blog.example/actions/renew-certificate`,
    `POST ${API}/customers/c0002/domains/shop.example/actions/renew-certificate`,
  ]);
  // At 360 px in the dark scheme: axe-clean; the run closed by keyboard alone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page);
  await runRegion(page).getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(runRegion(page)).toHaveCount(0);
  // Focus is not thrown back to the page's start: it is on the selection's tools.
  await expect(selection(page).getByRole('button', { name: 'Select all' })).toBeFocused();
});

test('"Select all" on one customer\'s domains, then another customer chosen: nothing of the other customer is selected', async ({ page, sim }) => {
  await seedDomain(page, 'a.example', 'web77');
  await seedDomain(page, 'b.example', 'web77');
  const other = await page.request.post(`${API}/customers/c0001/domains`, { headers: { ...ADMIN, Accept: 'application/json' }, data: documentedBody('anna.example', 'web1') });
  expect(other.status(), 'seeding anna.example').toBe(201);
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Domains of customer c0002' }).getByRole('checkbox', { name: 'Select b.example' })).toBeVisible();
  await selection(page).getByRole('button', { name: 'Select all' }).click();
  await expect(selection(page)).toContainText('All 2 selected');

  const customer = page.getByRole('textbox', { name: 'Customer ID' });
  await customer.fill('c0001');
  await customer.press('Enter');
  const table = page.getByRole('table', { name: 'Domains of customer c0001' });
  await expect(table.getByRole('checkbox', { name: 'Select anna.example' })).not.toBeChecked();
  await expect(selection(page)).not.toContainText('selected');
  await expect(bulk(page)).toHaveCount(0);
  // Back to the first customer: its selection was given up, not kept to come back.
  await customer.fill('c0002');
  await customer.press('Enter');
  await expect(page.getByRole('table', { name: 'Domains of customer c0002' }).getByRole('checkbox', { name: 'Select a.example' })).not.toBeChecked();
  expect((await sim.domains()).map((domain) => domain.domain).sort()).toEqual(['a.example', 'anna.example', 'b.example']);
});

// A description never seen: mail addresses at a flat path, a list paged by a cursor without a total.
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const ok = (schema: unknown) => ({ 200: { description: 'OK', content: json(schema) } });
const MailAddress = { type: 'object', properties: { id: { type: 'string' }, address: { type: 'string' }, isCatchAll: { type: 'boolean' } } };
const description = {
  openapi: '3.0.3', info: { title: 'Mail product', version: '1' },
  paths: {
    '/mail-addresses': {
      get: {
        operationId: 'list-mail-addresses', parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
        responses: ok({ type: 'object', properties: { items: { type: 'array', items: MailAddress }, next_cursor: { type: 'string', nullable: true } } }),
      },
    },
    '/mail-addresses/{mailAddressId}': {
      parameters: [idParam('mailAddressId')],
      get: { operationId: 'get-mail-address', responses: ok(MailAddress) },
      patch: { operationId: 'update-mail-address', requestBody: { content: json({ type: 'object', properties: { isCatchAll: { type: 'boolean' } } }) }, responses: ok(MailAddress) },
      delete: { operationId: 'delete-mail-address', responses: { 204: { description: 'Done' } } },
    },
    '/mail-addresses/{mailAddressId}/actions/suspend': { parameters: [idParam('mailAddressId')], post: { operationId: 'suspend-mail-address', responses: { 204: { description: 'Done' } } } },
  },
};

/** The product's API, answered here: m-1 and m-2 on the first page, m-3 on the next; m-2's read always fails. */
async function routeProduct(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  const held = new Set(['m-1', 'm-2', 'm-3']);
  let cutOnce = true;
  await page.route(`**${API}/**`, async (route) => {
    const request = route.request();
    seen.push(request);
    const url = new URL(request.url());
    const path = url.pathname.slice(API.length);
    const id = path.split('/')[2] ?? '';
    const answer = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (request.method() === 'DELETE') {
      held.delete(id);
      // Deleted, then the connection is cut before the answer.
      if (id === 'm-2' && cutOnce) { cutOnce = false; return route.abort('connectionreset'); }
      return route.fulfill({ status: 204 });
    }
    if (request.method() !== 'GET') return route.fulfill({ status: 204 });
    if (path === '/mail-addresses') {
      const rows = (ids: string[]) => ids.filter((one) => held.has(one)).map((one) => ({ id: one, address: `${one}@mail.example`, isCatchAll: false }));
      return answer(url.searchParams.get('cursor') === 'c2' ? { items: rows(['m-3']), next_cursor: null } : { items: rows(['m-1', 'm-2']), next_cursor: 'c2' });
    }
    if (id === 'm-2') return answer({ title: 'Server error' }, 500);
    return held.has(id) ? answer({ id, address: `${id}@mail.example` }) : answer({ title: 'Not found' }, 404);
  });
  return seen;
}

const writesOf = (requests: readonly Request[]) => requests.filter((request) => request.method() !== 'GET').map((request) => `${request.method()} ${new URL(request.url()).pathname.slice(API.length)}`);

test('a description never seen: "Select all" of a list paged by a cursor reads the page not read yet; three DELETEs; the cut one stays unknown until the user\'s word sends it once more', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'mail.json', description);
  const seen = await routeProduct(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Mail addresses' }).click();
  await expect(page.getByRole('link', { name: 'm-2@mail.example' })).toBeVisible();
  await expect(bulk(page)).toHaveCount(0);
  await selection(page).getByRole('button', { name: 'Select all' }).click();
  await expect(selection(page)).toContainText('All selected: 2 read, more not read yet');
  await expect(page.getByRole('checkbox', { name: 'Select m-1@mail.example' })).toBeChecked();
  await expect(bulk(page).getByRole('button')).toHaveText(['Delete', 'Change', 'Suspend']);

  await bulk(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
  await expect(confirm).toContainText('Delete 3 entries?');
  expect(seen.map((request) => new URL(request.url()).search)).toContain('?cursor=c2');
  await confirm.getByRole('textbox', { name: 'Type the number of entries to confirm' }).fill('3');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 3 entries.');
  await expect(runRegion(page).getByRole('status')).toContainText('2 done, 0 failed, 1 unknown');
  expect(writesOf(seen)).toEqual(['DELETE /mail-addresses/m-1', 'DELETE /mail-addresses/m-2', 'DELETE /mail-addresses/m-3']);
  // Checked with its read, which could not tell: unknown, and "Retry failed" does not send it.
  expect(seen.filter((request) => request.method() === 'GET' && request.url().endsWith('/mail-addresses/m-2')).length).toBeGreaterThan(0);
  await expect(runRegion(page).getByRole('button', { name: /Retry failed/ })).toHaveCount(0);
  const [json] = await Promise.all([page.waitForEvent('download'), runRegion(page).getByRole('button', { name: 'Download report (JSON)' }).click()]);
  const report = JSON.parse(await reportOf(json)) as { path: string; outcome: string }[];
  expect(report.map((row) => [row.path, row.outcome])).toEqual([['/mail-addresses/m-1', 'done'], ['/mail-addresses/m-2', 'unknown'], ['/mail-addresses/m-3', 'done']]);

  // Only on the user's word, after a warning: sent once more.
  await runRegion(page).getByRole('button', { name: 'Send the unknown ones again…' }).click();
  await expect(runRegion(page).getByRole('alert')).toContainText('Sending again may do it twice.');
  expect(writesOf(seen)).toHaveLength(3);
  await runRegion(page).getByRole('button', { name: 'Send 1 entry again' }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('3 done, 0 failed, 0 unknown');
  expect(writesOf(seen)).toEqual(['DELETE /mail-addresses/m-1', 'DELETE /mail-addresses/m-2', 'DELETE /mail-addresses/m-3', 'DELETE /mail-addresses/m-2']);
});

test('a description never seen: an action on two items sends two POSTs to its path', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'mail.json', description);
  const seen = await routeProduct(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Mail addresses' }).click();
  await page.getByRole('checkbox', { name: 'Select m-1@mail.example' }).check();
  await page.getByRole('checkbox', { name: 'Select m-2@mail.example' }).check();
  await bulk(page).getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog', { name: 'Suspend: 2 entries' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(runRegion(page).getByRole('status')).toContainText('Finished: 2 entries.');
  expect(writesOf(seen)).toEqual(['POST /mail-addresses/m-1/actions/suspend', 'POST /mail-addresses/m-2/actions/suspend']);
  await runRegion(page).getByRole('button', { name: 'Close' }).click();
  await expect(runRegion(page)).toHaveCount(0);
});

test('in German, dark, at 360 px: two mail addresses, one field changed, two PATCHes of it alone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveSettings(page, { apiKey: 'demo-admin-key', language: 'Deutsch' });
  const main = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await main.getByRole('link', { name: 'API', exact: true }).click();
  await page.getByLabel('Datei mit API-Beschreibung').setInputFiles({ name: 'mail.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(description)) });
  await expect(page.getByText('Angezeigt wird die Beschreibung aus Ihrer Datei mail.json.')).toBeVisible();
  const seen = await routeProduct(page);
  await main.getByRole('link', { name: 'Ressourcen', exact: true }).click();
  await page.getByRole('navigation', { name: 'Ressourcen' }).getByRole('link', { name: /mail/i }).click();
  await page.getByRole('checkbox', { name: 'm-1@mail.example auswählen' }).check();
  await page.getByRole('checkbox', { name: 'm-2@mail.example auswählen' }).check();
  await expect(page.getByRole('group', { name: 'Auswahl', exact: true })).toContainText('2 ausgewählt');
  // Each card shows its box first (above the name), though it comes last in the row's order.
  const box = await page.getByRole('checkbox', { name: 'm-2@mail.example auswählen' }).boundingBox();
  const name = await page.getByRole('link', { name: 'm-2@mail.example' }).boundingBox();
  expect(box && name && box.y + box.height <= name.y).toBe(true);
  await expectNoViolations(page);
  await page.getByRole('group', { name: 'Aktionen für die Auswahl' }).getByRole('button', { name: 'Ändern', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '2 Einträge ändern' });
  await dialog.getByRole('checkbox', { name: /ändern$/ }).check();
  await dialog.getByRole('checkbox', { name: /^is ?catch ?all$/i }).check();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: '2 Einträge ändern' }).click();
  await expect(page.getByRole('region', { name: 'Massenaktion' }).getByRole('status')).toContainText('Fertig: 2 Einträge.');
  const patches = seen.filter((request) => request.method() === 'PATCH');
  expect(patches.map((request) => [new URL(request.url()).pathname.slice(API.length), request.postDataJSON() as unknown])).toEqual([
    ['/mail-addresses/m-1', { isCatchAll: true }], ['/mail-addresses/m-2', { isCatchAll: true }],
  ]);
  await expectNoViolations(page);
});

test('in German, the Domains screen names a domain\'s action as its page does: "Zertifikat erneuern"', async ({ page }) => {
  await seedDomain(page, 'shop.example', 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002', language: 'Deutsch' });
  await page.getByRole('link', { name: 'Domainliste', exact: true }).click();
  await page.getByRole('table', { name: 'Domains der Kunden-ID c0002' }).getByRole('checkbox', { name: 'shop.example auswählen' }).check();
  await expect(page.getByRole('group', { name: 'Aktionen für die Auswahl' }).getByRole('button', { name: 'Zertifikat erneuern' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Aktionen für die Auswahl' })).not.toContainText('Renew certificate');
});

test('a list left while its run waits on the server\'s Retry-After: the rows not sent yet are never sent', async ({ page }) => {
  await page.clock.install();
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'mail.json', description);
  await routeProduct(page);
  // Every DELETE is asked to wait a minute: nothing is stored.
  const deletes: string[] = [];
  await page.route(`**${API}/mail-addresses/*`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    deletes.push(new URL(route.request().url()).pathname.slice(API.length));
    return route.fulfill({ status: 429, headers: { 'Retry-After': '60' }, contentType: 'application/json', body: '{"title":"Too many requests"}' });
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Mail addresses' }).click();
  await page.getByRole('checkbox', { name: 'Select m-1@mail.example' }).check();
  await page.getByRole('checkbox', { name: 'Select m-2@mail.example' }).check();
  await bulk(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
  await confirm.getByRole('textbox', { name: 'Type the number of entries to confirm' }).fill('2');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(runRegion(page)).toContainText('The server asked to slow down');
  expect(deletes.sort()).toEqual(['/mail-addresses/m-1', '/mail-addresses/m-2']);

  // Another screen of the list's: the item's page. The run's view is gone, and the run with it.
  await page.getByRole('link', { name: 'm-1@mail.example' }).click();
  await expect(runRegion(page)).toHaveCount(0);
  await page.clock.fastForward(300_000);
  await page.goBack();
  await expect(page.getByRole('checkbox', { name: 'Select m-2@mail.example' })).not.toBeChecked();
  expect(deletes).toHaveLength(2);
});
