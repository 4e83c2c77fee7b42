import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoViolations } from './support/axe.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

async function add(page: Page, domain: string, account: string, expected: RegExp) {
  await fillDomainForm(page, { domain, account });
  await addDomainButton(page).click();
  await expect(page.getByText(expected)).toBeVisible();
}

test('@journey every request of a mix of adds is in Activity with the panel\'s verdict, survives a reload, and downloads as the same rows', async ({ page, sim }) => {
  const key = 'activity-marker-key-7f3a';
  await sim.registerKey(key, 'admin');
  await saveSettings(page, { apiKey: key, customerId: 'c0002' });
  await nav(page, 'Add domain').click();
  await add(page, 'one.example', 'web77', /Added one\.example/);
  await add(page, 'one.example', 'web77', /already exists/);
  await add(page, 'two.example', 'web99', /refused some values|does not know/);
  // The server stores the third, then the connection is cut: the panel checks the list.
  await sim.fault({ method: 'POST', action: 'reset', when: 'after', count: 1 });
  await add(page, 'three.example', 'web77', /Checked: three\.example was added/);

  await nav(page, 'Activity').click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests, newest first' });
  const expectRows = async () => {
    await expect(page.getByRole('status').filter({ hasText: 'requests' })).toHaveText('5 requests');
    await expect(table.getByRole('row', { name: /#1 .*POST .*one\.example .*201 .*added/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /#2 .*POST .*one\.example .*409 .*already present/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /#3 .*POST .*two\.example .*422 .*failed/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /#4 .*POST .*three\.example .*upstream_reset .*unknown/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /#5 .*GET .*200 .*checked: three\.example added \(request #4\)/ })).toBeVisible();
  };
  await expectRows();
  await page.reload();
  await expectRows();

  await page.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'already present' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'All outcomes' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download activity (CSV)' }).click()]);
  const csv = await readFile(await download.path(), 'utf8');
  const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
  expect(rows.map((row) => [row.number, row.method, row.domain, row.status, row.outcome])).toEqual([
    ['1', 'POST', 'one.example', '201', 'added'],
    ['2', 'POST', 'one.example', '409', 'present'],
    ['3', 'POST', 'two.example', '422', 'failed'],
    ['4', 'POST', 'three.example', '502', 'unknown'],
    ['5', 'GET', '', '200', 'checked'],
  ]);
  expect(rows[3]?.proxy_code).toBe('upstream_reset');
  expect(rows[4]?.checks).toBe('#4 three.example: added');
  expect(rows.every((row) => row.server === 'default')).toBe(true);

  // The key: only in the settings entry of sessionStorage, nowhere in the log or its download.
  expect(csv).not.toContain(key);
  const storage: Record<string, string> = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)) as Record<string, string>);
  expect(Object.entries(storage).filter(([, value]) => value.includes(key)).map(([name]) => name)).toEqual(['hosting-panel.settings']);
  expect(await page.locator('body').innerText()).not.toContain(key);

  await page.getByRole('button', { name: 'Clear activity' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Activity was cleared: requests sent from now on appear here.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No request has been sent from this tab yet.')).toBeVisible();
});

const LANGUAGES = [
  { language: 'English', scheme: 'dark', activity: 'Activity', add: 'Add domain', domain: 'Domain name', account: 'Hosting account' },
  { language: 'Deutsch', scheme: 'light', activity: 'Aktivität', add: 'Domain hinzufügen', domain: 'Domainname', account: 'Hosting-Account' },
] as const;

for (const names of LANGUAGES) {
  test(`Activity is axe clean, empty and with rows (${names.language}, ${names.scheme}, 360 px)`, async ({ page, sim }) => {
    await sim.reset();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: names.scheme });
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: names.language });
    await page.getByRole('link', { name: names.activity, exact: true }).click();
    await expect(page.getByRole('heading', { name: names.activity })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('link', { name: names.add, exact: true }).click();
    await page.getByRole('textbox', { name: names.domain }).fill('axe.example');
    await page.getByRole('textbox', { name: names.account }).fill('web77');
    await page.getByRole('button', { name: names.add }).click();
    await expect(page.getByRole('status').filter({ hasText: 'axe.example' })).toBeVisible();
    await page.getByRole('link', { name: names.activity, exact: true }).click();
    await expect(page.getByRole('row', { name: /axe\.example/ })).toBeVisible();
    await expectNoViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

/** Activity's rows as read, once every request shown has settled. */
async function settledRows(page: Page): Promise<string[]> {
  await nav(page, 'Activity').click();
  const table = page.getByRole('table', { name: 'Requests, newest first' });
  await expect(table.getByRole('row', { name: /under way/ })).toHaveCount(0);
  return (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' '));
}

test('a page load with a key leaves no failed entry in Activity', async ({ page, sim }) => {
  await sim.reset();
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.goto('/#/domains');
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ domains?$/ })).toBeVisible();
  await nav(page, 'API').click();
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
  const rows = await settledRows(page);
  expect(rows.some((row) => /GET \/customers\/c0002\/domains .*200 read/.test(row))).toBe(true);
  expect(rows.filter((row) => row.includes('failed'))).toEqual([]);
  await page.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'failed' });
  await expect(page.getByText('No request matches the filter.')).toBeVisible();
});

test('a read the page gave up on itself is cancelled in Activity, never failed: a list superseded by another customer, a list under way at a reload', async ({ page, sim }) => {
  await sim.reset();
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  // The first customer's list answers late: the user asks for another one meanwhile.
  await sim.fault({ method: 'GET', pathIncludes: '/customers/c0002/domains', action: 'respond', delayMs: 4000 });
  await nav(page, 'Domains').click();
  const customer = page.getByRole('textbox', { name: 'Customer ID' });
  await expect(page.getByText(/Loading .*c0002/)).toBeVisible();
  await customer.fill('c0001');
  await customer.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ domains?$/ })).toBeVisible();
  let rows = await settledRows(page);
  expect(rows.filter((row) => row.includes('c0002'))).toEqual([expect.stringMatching(/GET \/customers\/c0002\/domains .*cancelled/)]);
  expect(rows.filter((row) => row.includes('failed'))).toEqual([]);

  // A list under way when the page is reloaded gets no answer: cancelled, not "under way" for ever.
  await sim.fault({ method: 'GET', pathIncludes: '/customers/c0001/domains', action: 'hang' });
  await page.goto('/#/domains');
  await page.reload();
  await expect(page.getByText(/Loading .*c0001/)).toBeVisible();
  await page.reload();
  rows = await settledRows(page);
  expect(rows.filter((row) => row.includes('failed'))).toEqual([]);
  expect(rows.filter((row) => row.includes('c0001') && row.includes('cancelled')).length).toBeGreaterThanOrEqual(1);
});
