import { readFile } from 'node:fs/promises';
import type { Download, Page, Request } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { chooseDescriptionFile } from '../support/description-file.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 24, Export: every list as CSV and JSON, the rows matching the filter, all pages, in the
// order shown; the one formula rule; no secret-named value in either file.

const API = '/liveconfig/api/v1';
const json = (schema: unknown) => ({ 'application/json': { schema } });

const description = {
  openapi: '3.0.3',
  info: { title: 'Mail product API', version: '1.0' },
  paths: {
    '/mailboxes': {
      get: {
        operationId: 'list-mailboxes',
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }, { name: 'per_page', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'OK', content: json({ type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Mailbox' } }, total: { type: 'integer' } } }) } },
      },
    },
  },
  components: {
    schemas: {
      Mailbox: { type: 'object', properties: { id: { type: 'string' }, address: { type: 'string' }, quota: { type: 'object', properties: { mb: { type: 'integer' } } }, password: { type: 'string' } } },
    },
  },
};

// 120 mailboxes over three pages of 50; every tenth is on holiday; one name starts like a formula.
const mailboxes = Array.from({ length: 120 }, (_, at) => ({
  id: `m${String(at + 1)}`, address: at === 119 ? '=cmd|calc' : `${at % 10 === 0 ? 'holiday' : 'user'}${String(at + 1)}@example.org`,
  quota: { mb: 100 + at }, password: `secret-${String(at)}`,
}));

async function routeProduct(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(`**${API}/**`, async (route) => {
    const request = route.request();
    seen.push(request);
    const url = new URL(request.url());
    if (url.pathname !== `${API}/mailboxes`) return route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
    const number = Number(url.searchParams.get('page') ?? '1');
    const size = Number(url.searchParams.get('per_page') ?? '20');
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ data: mailboxes.slice((number - 1) * size, number * size), total: mailboxes.length }) });
  });
  return seen;
}

const text = async (download: Download) => readFile(await download.path(), 'utf8');
const asked = (requests: readonly Request[]) => requests.map((request) => new URL(request.url()).search);

test('Export of a paged list: the rows matching the filter from every page, each page read once, as CSV and JSON without secrets', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'mail.json', description);
  const seen = await routeProduct(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('50 entries · 120 in all · Page 1');
  await page.getByRole('searchbox', { name: 'Filter' }).fill('holiday');
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('5 of 50 entries · 120 in all · Page 1');

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Mailboxes' });
  await expect(dialog).toContainText('every page is read first');
  // Not the 5 of the page shown: how many match is known once every page is read.
  await expect(dialog.getByText('Every entry matching the filter, in the order shown.')).toBeVisible();
  await expectNoViolations(page);
  const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^mailboxes-.*\.csv$/);
  const holidays = mailboxes.filter((mailbox) => mailbox.address.includes('holiday'));
  expect((await text(csv)).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    'address,id,quota.mb',
    ...holidays.map((mailbox) => `${mailbox.address},${mailbox.id},${String(mailbox.quota.mb)}`),
    '',
  ]);
  await expect(dialog.getByRole('status')).toHaveText('12 entries downloaded as CSV.');
  await expect(dialog.getByText('12 entries matching the filter, in the order shown.')).toBeVisible();
  // The first page from the list's own read; the others once each.
  expect(asked(seen)).toEqual(['?page=1&per_page=50', '?page=2&per_page=50', '?page=3&per_page=50']);

  // JSON: the same rows as the server gave them, less the passwords; nothing read again.
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download JSON' }).click()]);
  expect(JSON.parse(await text(file))).toEqual(holidays.map((mailbox) => ({ id: mailbox.id, address: mailbox.address, quota: mailbox.quota })));
  expect(seen).toHaveLength(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Export' })).toBeFocused();

  // Unfiltered, sorted by name: all 120 in that order, the formula-like name (first) quoted to run nothing.
  await page.getByRole('searchbox', { name: 'Filter' }).fill('');
  await page.getByRole('button', { name: 'Address' }).click();
  await page.getByRole('button', { name: 'Export' }).click();
  const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('dialog', { name: 'Export Mailboxes' }).getByRole('button', { name: 'Download CSV' }).click()]);
  const lines = (await text(all)).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines).toHaveLength(122);
  expect(lines[1]).toBe('"\'=cmd|calc",m120,219');
  expect(lines.slice(2, 5)).toEqual(['holiday1@example.org,m1,100', 'holiday11@example.org,m11,110', 'holiday21@example.org,m21,120']);
  expect(lines.slice(1, -1).every((line) => !line.includes('secret-'))).toBe(true);
});

test('Export on the Domains screen, in German: the list shown as CSV', async ({ page }) => {
  await seedDomain(page, 'xn--bcher-kva.example', 'web77');
  await seedDomain(page, 'example.org', 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002', language: 'Deutsch' });
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Domainliste', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Domains der Kunden-ID c0002' }).getByRole('link', { name: 'bücher.example' })).toBeVisible();
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Domains der Kunden-ID c0002 exportieren' });
  await expectNoViolations(page);
  const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'CSV herunterladen' }).click()]);
  const lines = (await text(csv)).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]?.split(',')[0]).toBe('domain');
  expect(lines.slice(1).map((line) => line.split(',')[0]).filter(Boolean).sort()).toEqual(['example.org', 'xn--bcher-kva.example']);
  await expect(dialog.getByRole('status')).toHaveText('2 Einträge als CSV heruntergeladen.');
});

test('Export cancelled while a page is read: that page\'s download stops, no page more is asked, nothing is downloaded; a secret named with its parent stays out', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'mail.json', description);
  const seen: string[] = [];
  let hold = true;
  let holding: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { holding = resolve; });
  await page.route(`**${API}/**`, async (route) => {
    const url = new URL(route.request().url());
    seen.push(url.search);
    const number = Number(url.searchParams.get('page') ?? '1');
    // The second page is never answered: only a cancel ends its read.
    if (number === 2 && hold) { holding(); return; }
    const rows = mailboxes.slice((number - 1) * 50, number * 50).map((mailbox) => ({ ...mailbox, ssl: { key: 'PRIVATE-KEY', cert: 'CERT' } }));
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ data: rows, total: mailboxes.length }) });
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('50 entries · 120 in all · Page 1');

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Mailboxes' });
  const downloads: string[] = [];
  page.on('download', (download) => { downloads.push(download.suggestedFilename()); });
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  await held;
  await expect(dialog.getByRole('status')).toHaveText('Reading the list: 50 of 120 read…');
  // At once: not when the page gives up on an answer (30 s), which is what became of it before.
  const aborted = page.waitForEvent('requestfailed', { predicate: (request) => new URL(request.url()).searchParams.get('page') === '2', timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await aborted).failure()?.errorText).toContain('ABORTED');
  await expect(dialog.getByRole('status')).toHaveText('Cancelled; nothing was downloaded.');
  expect(seen).toEqual(['?page=1&per_page=50', '?page=2&per_page=50']);
  expect(downloads).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Read again to the end: the secret-named `ssl.key` is written nowhere.
  hold = false;
  await page.getByRole('searchbox', { name: 'Filter' }).fill('holiday1@');
  await page.getByRole('button', { name: 'Export' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
  await expect(dialog.getByRole('status')).toHaveText('1 entry downloaded as CSV.');
  const file = await text(csv);
  expect(file.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['address,id,quota.mb,ssl.cert', 'holiday1@example.org,m1,100,CERT', '']);
  expect(file).not.toContain('PRIVATE-KEY');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
