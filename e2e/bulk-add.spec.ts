import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoViolations } from './support/axe.ts';
import { seedDomain } from './support/domain-list.ts';
import { documentedBody, expect, saveSettings, test } from './support/fixtures.ts';
import type { SimControl } from './support/sim-control.ts';

async function openBulkAdd(page: Page, settings: { apiKey?: string } = {}) {
  await saveSettings(page, { apiKey: settings.apiKey ?? 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk add' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk add' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
}

async function checkAndStart(page: Page, lines: readonly string[], concurrency?: number) {
  await page.getByRole('textbox', { name: 'Domains to add' }).fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing has been sent yet' })).toBeVisible();
  if (concurrency !== undefined) await page.getByRole('spinbutton', { name: 'Parallel requests' }).fill(String(concurrency));
  await page.getByRole('button', { name: 'Start' }).click();
}

const runStatus = (page: Page) => page.getByRole('status').filter({ hasText: /added, .* already present/ });
const finished = (page: Page) => expect(runStatus(page)).toContainText('Finished:', { timeout: 60_000 });

/** POSTs the simulator received, by domain in the body. */
async function postsByDomain(sim: SimControl): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const post of await sim.posts()) {
    const { domain } = JSON.parse(post.body) as { domain: string };
    counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return counts;
}

async function downloadReport(page: Page): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download results (CSV)' }).click()]);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true }).data;
}

test('@journey fifty pasted lines: each valid new row is sent once, the rest never, and the report says so', async ({ page, sim }) => {
  await openBulkAdd(page);
  await seedDomain(page, 'already-there.example', 'web77');
  const valid = Array.from({ length: 44 }, (_, i) => `bulk-${i}.example`);
  const lines = [
    ...valid.slice(0, 20), 'bücher.example', 'a_b.example', 'BULK-3.example', 'already-there.example', 'nodot',
    ...valid.slice(20), '-minus.example',
  ];
  expect(lines).toHaveLength(50);
  await checkAndStart(page, lines);
  await finished(page);
  await expect(runStatus(page)).toContainText('45 added, 1 already present, 0 failed, 0 unknown.');
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '45');

  const posts = await postsByDomain(sim);
  // The test's own add of the name already there is its only POST: the panel never sent it.
  expect(posts.get('already-there.example')).toBe(1);
  posts.delete('already-there.example');
  const sent = [...valid, 'xn--bcher-kva.example'];
  expect([...posts.keys()].sort()).toEqual([...sent].sort());
  expect([...posts.values()].every((count) => count === 1)).toBe(true);

  const report = await downloadReport(page);
  expect(report).toHaveLength(50);
  expect(report.map((row) => row.line)).toEqual(lines.map((_, i) => String(i + 1)));
  const byStatus = (status: string) => report.filter((row) => row.status === status).map((row) => row.ascii);
  expect(byStatus('added').sort()).toEqual([...sent].sort());
  expect(report.filter((row) => row.status === 'added').every((row) => row.http_status === '201' && row.sends === '1' && row.time !== '')).toBe(true);
  expect(byStatus('in-list')).toEqual(['already-there.example']);
  expect(byStatus('duplicate')).toEqual(['bulk-3.example']);
  // A cell that a spreadsheet would run as a formula (=, +, -, @) is written with a leading quote.
  expect(report.filter((row) => row.status === 'invalid').map((row) => row.input)).toEqual(['a_b.example', 'nodot', "'-minus.example"]);
  // The server holds what the report says was added, on the account the rows named.
  const held = (await sim.domains()).filter((record) => record.customer === 'c0002' && record.domain !== 'already-there.example');
  expect(held.map((record) => `${record.domain} ${record.account}`).sort()).toEqual(sent.map((domain) => `${domain} web77`).sort());

  // The table filters by status; the invalid rows say why, in the form's words.
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'invalid' });
  const table = page.getByRole('table', { name: '50 rows' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /a_b\.example/ })).toContainText('Underscores are not allowed in domain names.');
});

test('an account the customer does not have is marked at Check and never sent', async ({ page, sim }) => {
  await openBulkAdd(page);
  await page.getByRole('textbox', { name: 'Domains to add' }).fill('fine.example\nwrong.example,web99');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing has been sent yet' })).toContainText('2 rows: 1 ready, 1 invalid');
  const row = page.getByRole('table', { name: '2 rows' }).getByRole('row', { name: /wrong\.example/ });
  await expect(row).toContainText('No hosting account web99 for customer c0002.');
  await expect(row.getByRole('strong')).toHaveText('web99');
  // Check read the customer's accounts (once) and sent nothing.
  expect((await sim.requests()).filter((r) => r.path.endsWith('/customers/c0002/accounts'))).toHaveLength(1);
  expect(await sim.posts()).toEqual([]);
  await page.getByRole('button', { name: 'Start' }).click();
  await finished(page);
  expect([...(await postsByDomain(sim)).keys()]).toEqual(['fine.example']);
});

test('plain lines take the customer\'s only account; with several, the missing default is said once', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk add' }).click();
  await expect(page.getByRole('textbox', { name: 'Hosting account' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Domains to add' }).fill('one-0.example\none-1.example\none-2.example');
  // c0002 has web77 and web78: no row is sent to a guessed account.
  await page.getByRole('button', { name: 'Check' }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Nothing has been sent yet' });
  await expect(summary).toContainText('3 rows: 0 ready, 3 invalid');
  const missing = page.getByText('The default "Hosting account" is missing (3 rows without an account).');
  await expect(missing).toHaveCount(1);
  await expect(missing).toContainText('Accounts of customer c0002: web77, web78.');
  await expect(page.getByRole('table', { name: '3 rows' }).getByText(/No hosting account/)).toHaveCount(0);

  // The same customer on a server that lists one account for it (a new page: the panel reads them once per customer).
  await sim.fault({
    method: 'GET', pathIncludes: '/customers/c0002/accounts', action: 'respond', status: 200, count: 1,
    contentType: 'application/json', body: JSON.stringify([{ name: 'web78', customerId: 'c0002', plan: 'Web L', diskQuotaMiB: 51200, domains: 0 }]),
  });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Domains to add' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Domains to add' }).fill('one-0.example\none-1.example\none-2.example');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing has been sent yet' })).toContainText('3 rows: 3 ready');
  await expect(page.getByText(/"Hosting account" is missing/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start' }).click();
  await finished(page);
  const held = (await sim.domains()).filter((record) => record.customer === 'c0002');
  expect(held.map((record) => `${record.domain} ${record.account}`).sort()).toEqual(['one-0.example web78', 'one-1.example web78', 'one-2.example web78']);
});

test('429 with Retry-After: 2 slows the whole run down; it finishes with every row added once', async ({ page, sim }) => {
  await openBulkAdd(page);
  await sim.fault({
    method: 'POST', action: 'respond', status: 429, count: 6, headers: { 'Retry-After': '2' },
    contentType: 'application/problem+json', body: '{"title":"Too many requests"}',
  });
  const lines = Array.from({ length: 16 }, (_, i) => `slow-${i}.example`);
  await checkAndStart(page, lines);
  await expect(page.getByText(/The server asked to slow down/)).toBeVisible();
  await finished(page);
  await expect(runStatus(page)).toContainText('16 added, 0 already present, 0 failed, 0 unknown.');
  const stored = (await sim.domains()).map((record) => record.domain);
  expect(stored.sort()).toEqual([...lines].sort());
  // 16 accepted POSTs, plus the 6 the server refused with 429 (each refused row went again).
  const posts = await sim.posts();
  expect(posts).toHaveLength(22);
  // Nothing was sent in the two seconds after the first refusal.
  const firstRefusal = posts[0]?.at ?? 0;
  const tooEarly = posts.slice(4).filter((post) => post.at < firstRefusal + 1900);
  expect(tooEarly).toEqual([]);
});

test('a connection cut after the server stored a row: one list read says added, no second POST', async ({ page, sim }) => {
  await openBulkAdd(page);
  await sim.fault({ method: 'POST', pathIncludes: '/domains', action: 'reset', when: 'after', count: 1 });
  await checkAndStart(page, ['cut-0.example', 'cut-1.example', 'cut-2.example'], 1);
  await finished(page);
  await expect(runStatus(page)).toContainText('3 added, 0 already present, 0 failed, 0 unknown.');
  const requests = await sim.requests();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  // One read of the list for Check, one to settle the cut row.
  expect(requests.filter((r) => r.method === 'GET' && r.path.endsWith('/domains'))).toHaveLength(2);
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'added' });
  await expect(page.getByRole('row', { name: /cut-0\.example/ })).toContainText('checked in the domain list');
});

test('a refused key pauses the run with one message; Resume with a good key goes on', async ({ page, sim }) => {
  await sim.registerKey('bulk-marker-key-1', 'no-permission');
  await openBulkAdd(page, { apiKey: 'bulk-marker-key-1' });
  await checkAndStart(page, Array.from({ length: 10 }, (_, i) => `key-${i}.example`), 2);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('refused this action');
  await expect(alert).toContainText('The run is paused');
  await expect(runStatus(page)).toContainText('0 added, 0 already present, 0 failed, 0 unknown.');
  expect((await sim.posts()).length).toBeLessThanOrEqual(2);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('API key', { exact: true }).fill('demo-admin-key');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk add' }).click();
  await page.getByRole('button', { name: 'Resume' }).click();
  await finished(page);
  await expect(runStatus(page)).toContainText('10 added');
  expect(await sim.domains()).toHaveLength(10);
});

test('leaving the screen during a run neither loses nor restarts it; closing the tab asks first', async ({ page, sim }) => {
  await openBulkAdd(page);
  await sim.fault({ method: 'POST', action: 'respond', delayMs: 600, count: 8 });
  const lines = Array.from({ length: 8 }, (_, i) => `away-${i}.example`);
  await checkAndStart(page, lines, 1);
  // Some rows added, not all: the counts are drawn every 250 ms, so any one count may be skipped.
  await expect(runStatus(page)).toContainText(/\b[1-6] added/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add domain' }).click();
  await expect(page.getByRole('heading', { name: 'Add domain' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk add' }).click();
  await expect(page.getByRole('textbox', { name: 'Domains to add' })).toHaveValue(lines.join('\n'));

  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  expect(page.isClosed()).toBe(false);
  await finished(page);
  await expect(runStatus(page)).toContainText('8 added');
  expect((await sim.posts())).toHaveLength(8);
});

test('Pause starts nothing new; Cancel lets requests in flight finish; Retry failed sends the rest once', async ({ page, sim }) => {
  await openBulkAdd(page);
  await sim.fault({ method: 'POST', action: 'respond', delayMs: 400, count: 20 });
  const lines = Array.from({ length: 12 }, (_, i) => `pause-${i}.example`);
  await checkAndStart(page, lines, 2);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(runStatus(page)).toContainText('Paused');
  // The two requests under way when Pause came finish; nothing new starts.
  await expect(runStatus(page)).toContainText('2 added');
  expect(await sim.posts()).toHaveLength(2);

  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(runStatus(page)).toContainText('Cancelled');
  // Rows count as not sent once the requests under way have finished and been reported.
  await expect(runStatus(page)).toContainText('not sent.');
  const sentBeforeCancel = (await sim.posts()).length;
  expect(sentBeforeCancel).toBeLessThanOrEqual(4);
  await expect(runStatus(page)).toContainText(`${sentBeforeCancel} added`);
  await expect(runStatus(page)).toContainText(`${12 - sentBeforeCancel} not sent.`);

  await page.getByRole('button', { name: 'Retry failed' }).click();
  await finished(page);
  await expect(runStatus(page)).toContainText('12 added');
  const counts = await postsByDomain(sim);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
  expect(counts.size).toBe(12);
});

test('an unknown outcome without a list stays unknown and goes again only on the user\'s word', async ({ page, sim }) => {
  await openBulkAdd(page);
  await sim.fault({ method: 'GET', action: 'respond', status: 404, contentType: 'text/plain', body: 'Not Found', count: 10 });
  await sim.fault({ method: 'POST', pathIncludes: '/domains', action: 'respond', status: 504, contentType: 'text/html', body: '<h1>Gateway Timeout</h1>', count: 1 });
  await checkAndStart(page, ['gone-0.example', 'gone-1.example'], 1);
  await expect(page.getByText('This server does not offer a domain list')).toBeVisible();
  await finished(page);
  await expect(runStatus(page)).toContainText('1 added, 0 already present, 0 failed, 1 unknown.');
  await expect(page.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send rows with unknown outcome again…' }).click();
  await page.getByRole('button', { name: 'I understand they may be added twice; send 1 again' }).click();
  await finished(page);
  await expect(runStatus(page)).toContainText('2 added, 0 already present, 0 failed, 0 unknown.');
  expect((await postsByDomain(sim)).get('gone-0.example')).toBe(2);
});

test('a CSV file with a header, ";", quotes and a BOM; columns it leaves out take the defaults', async ({ page, sim }) => {
  await openBulkAdd(page);
  const csv = '\uFEFFdomain;account;www;mail\r\n"csv-1.example";web78;no;yes\r\ncsv-2.example;;yes;no\r\n';
  await page.getByLabel('CSV file').setInputFiles({ name: 'domains.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByRole('textbox', { name: 'Domains to add' })).toHaveValue(/csv-2\.example/);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 rows: 2 ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await finished(page);
  const bodies = (await sim.posts()).map((post) => JSON.parse(post.body) as { domain: string });
  expect(bodies.sort((a, b) => a.domain.localeCompare(b.domain))).toEqual([
    { ...documentedBody('csv-1.example', 'web78'), www: false },
    { ...documentedBody('csv-2.example', 'web77'), mail: { enabled: false, dkim: false } },
  ]);
});

for (const [language, scheme] of [['English', 'light'], ['Deutsch', 'dark']] as const) {
  test(`Bulk add is axe clean before, during and after a run (${language}, ${scheme}), at 360 px and by keyboard`, async ({ page, sim }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: scheme });
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language });
    await page.goto('/#/bulk-add');
    await expectNoViolations(page);
    await page.getByRole('textbox', { name: language === 'English' ? 'Hosting account' : 'Hosting-Account' }).fill('web77');
    const text = page.getByRole('textbox', { name: language === 'English' ? 'Domains to add' : 'Hinzuzufügende Domains' });
    await text.fill('kb-1.example\nkb_2.example\nkb-3.example');
    // Keyboard only from here: from the last default (DKIM) Tab to Check, Enter; Tab on to Start.
    await page.getByRole('checkbox', { name: language === 'English' ? 'DKIM signing' : 'DKIM-Signatur' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: language === 'English' ? 'Check' : 'Prüfen' })).toBeFocused();
    await page.keyboard.press('Enter');
    const start = page.getByRole('button', { name: language === 'English' ? 'Start' : 'Starten' });
    await expect(start).toBeVisible();
    await expectNoViolations(page);
    await sim.fault({ method: 'POST', action: 'respond', delayMs: 2000, count: 1 });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: language === 'English' ? 'Pause' : 'Anhalten' })).toBeVisible();
    await expectNoViolations(page);
    await expect(page.getByRole('status').filter({ hasText: language === 'English' ? 'Finished' : 'Fertig' })).toBeVisible();
    await expectNoViolations(page);
    // Nothing sticks out sideways at 360 px: each row is a card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
