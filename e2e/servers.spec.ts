import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expectNoViolations } from './support/axe.ts';
import { expect, saveSettings, simControlAt, test } from './support/fixtures.ts';
import type { SimControl } from './support/sim-control.ts';

// Two named hosting servers, each a built-in simulator (playwright.config.ts, target `servers`).
const SIM_PORTS = {
  prod: Number(process.env.E2E_SERVERS_SIM_PORT_PROD ?? 8450),
  test: Number(process.env.E2E_SERVERS_SIM_PORT_TEST ?? 8451),
};
// A key each simulator knows and the other does not: whatever reaches a simulator with the
// other's key is a key that crossed.
const KEYS = { prod: 'prod-marker-key-7d1e', test: 'test-marker-key-4a9c' };

const sims = test.extend<{ prod: SimControl; test: SimControl }>({
  prod: async ({ playwright }, use) => { await withSim(playwright, SIM_PORTS.prod, KEYS.prod, use); },
  test: async ({ playwright }, use) => { await withSim(playwright, SIM_PORTS.test, KEYS.test, use); },
});

async function withSim(
  playwright: PlaywrightWorkerArgs['playwright'],
  port: number, key: string, use: (sim: SimControl) => Promise<void>,
) {
  const { sim, dispose } = await simControlAt(playwright, port);
  await sim.reset();
  await sim.registerKey(key, 'admin');
  await use(sim);
  await dispose();
}

const serverSelect = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Server' });
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

async function selectServer(page: Page, name: 'prod' | 'test') {
  await serverSelect(page).selectOption(name);
  await expect(serverSelect(page)).toHaveValue(name);
}

/** Every API request a simulator received carried its own key, and none the other's. */
async function onlyOwnKey(sim: SimControl, own: string, other: string) {
  const api = (await sim.requests()).filter((request) => request.path.includes('/api/v1/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.map((request) => request.headers.authorization)).toEqual(api.map(() => `Bearer ${own}`));
  expect(JSON.stringify(api)).not.toContain(other);
}

async function addThroughForm(page: Page, domain: string, account: string) {
  await nav(page, 'Add domain').click();
  await page.getByRole('textbox', { name: 'Domain name' }).fill(domain);
  await page.getByRole('textbox', { name: 'Hosting account' }).fill(account);
  await page.getByRole('button', { name: 'Add domain' }).click();
}

sims('@servers a domain added on each server, each server sent only its own key, each its own settings', async ({ page, prod, test: testSim }) => {
  await page.goto('/#/settings');
  await expect(serverSelect(page)).toHaveValue('prod');
  await saveSettings(page, { apiKey: KEYS.prod, customerId: 'c0001' });
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved. (Server prod)' })).toBeVisible();

  // The other server starts with nothing: no key, no customer.
  await selectServer(page, 'test');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('');
  await saveSettings(page, { apiKey: KEYS.test, customerId: 'c0002' });

  await selectServer(page, 'prod');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(KEYS.prod);
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0001');

  await addThroughForm(page, 'on-prod.example', 'web1');
  await expect(page.getByRole('status').filter({ hasText: 'Added on-prod.example to account web1 of customer c0001 on server prod.' })).toBeVisible();

  await selectServer(page, 'test');
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
  await addThroughForm(page, 'on-test.example', 'web77');
  await expect(page.getByRole('status').filter({ hasText: 'Added on-test.example to account web77 of customer c0002 on server test.' })).toBeVisible();

  // Each server's list is its own.
  await nav(page, 'Domains').click();
  await expect(page.getByRole('row', { name: /on-test\.example/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /on-prod\.example/ })).toHaveCount(0);
  await selectServer(page, 'prod');
  await expect(page.getByRole('row', { name: /on-prod\.example/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /on-test\.example/ })).toHaveCount(0);

  expect((await prod.domains()).map(({ domain, customer }) => `${domain} ${customer}`)).toContain('on-prod.example c0001');
  expect((await prod.domains()).map(({ domain }) => domain)).not.toContain('on-test.example');
  expect((await testSim.domains()).map(({ domain, customer }) => `${domain} ${customer}`)).toContain('on-test.example c0002');
  expect((await testSim.domains()).map(({ domain }) => domain)).not.toContain('on-prod.example');
  await onlyOwnKey(prod, KEYS.prod, KEYS.test);
  await onlyOwnKey(testSim, KEYS.test, KEYS.prod);

  // Activity names the server of each request.
  await nav(page, 'Activity').click();
  const table = page.getByRole('table', { name: 'Requests, newest first' });
  await expect(table.getByRole('row', { name: /prod POST .*on-prod\.example .*201 .*added/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /test POST .*on-test\.example .*201 .*added/ })).toBeVisible();

  // "Forget API key" forgets this server's key only; "Forget all keys" every one.
  await nav(page, 'Settings').click();
  await page.getByRole('button', { name: 'Forget API key' }).click();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await selectServer(page, 'test');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(KEYS.test);
  await page.getByRole('button', { name: 'Forget all keys' }).click();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  const storage = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(storage).not.toContain(KEYS.prod);
  expect(storage).not.toContain(KEYS.test);
});

sims('@servers a bulk run started on prod keeps sending to prod after the switch to test', async ({ page, prod, test: testSim }) => {
  await page.goto('/#/settings');
  await saveSettings(page, { apiKey: KEYS.prod, customerId: 'c0002' });
  await selectServer(page, 'test');
  await saveSettings(page, { apiKey: KEYS.test, customerId: 'c0002' });
  await selectServer(page, 'prod');

  const domains = Array.from({ length: 6 }, (_, i) => `run-${i}.example`);
  await prod.fault({ method: 'POST', action: 'respond', delayMs: 700, count: domains.length });
  await nav(page, 'Bulk add').click();
  await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
  await page.getByRole('textbox', { name: 'Domains to add' }).fill(domains.join('\n'));
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing has been sent yet' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Parallel requests' }).fill('1');
  await page.getByRole('button', { name: 'Start' }).click();

  const runStatus = page.getByRole('status').filter({ hasText: /added, .* already present/ });
  await expect(runStatus).toContainText('1 added');
  await selectServer(page, 'test');
  await expect(runStatus).toContainText('Finished:', { timeout: 30_000 });
  await expect(runStatus).toContainText('6 added');
  await expect(runStatus).toContainText('(Server prod)');

  expect((await prod.domains()).map(({ domain }) => domain).sort()).toEqual([...domains].sort());
  expect(await testSim.posts()).toEqual([]);
  await onlyOwnKey(prod, KEYS.prod, KEYS.test);
  expect(JSON.stringify(await testSim.requests())).not.toContain(KEYS.prod);

  // On test the Start button waits for a check of test's own list.
  await expect(page.getByRole('button', { name: 'Start' })).toHaveAttribute('aria-disabled', 'true');

  await nav(page, 'Activity').click();
  const table = page.getByRole('table', { name: 'Requests, newest first' });
  for (const domain of domains) {
    await expect(table.getByRole('row', { name: new RegExp(`prod POST .*${domain.replace('.', '\\.')} .*201 .*added`) })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /test POST/ })).toHaveCount(0);
});

sims('@servers the header is axe clean and wraps at 360 px, in German too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await saveSettings(page, { apiKey: KEYS.prod, customerId: 'c0001', language: 'Deutsch' });
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Server' })).toHaveValue('prod');
  await expect(page.getByRole('button', { name: 'Alle API-Keys vergessen' })).toBeVisible();
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Keyboard: the select is reached with Tab and changes with the arrow keys.
  await serverSelect(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(serverSelect(page)).toHaveValue('test');
  // test has its own empty customer, and the language stays the person's: German.
  await expect(page.getByRole('textbox', { name: 'Kunden-ID' })).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
});

sims('@servers an add left unknown on prod is not sent again without the user\'s word after a switch to test and back', async ({ page, prod }) => {
  await page.goto('/#/settings');
  await saveSettings(page, { apiKey: KEYS.prod, customerId: 'c0002' });
  // test holds no key.
  await prod.fault({ method: 'POST', action: 'reset' });
  await prod.fault({ method: 'GET', action: 'respond', status: 500, count: 5 });
  await addThroughForm(page, 'twice.example', 'web77');
  await expect(page.getByRole('alert')).toContainText('Still unknown');

  await selectServer(page, 'test');
  await selectServer(page, 'prod');
  await addThroughForm(page, 'twice.example', 'web77');
  const confirm = page.getByRole('alert').getByRole('button', { name: 'I understand it may be added twice; send again' });
  await expect(confirm).toBeFocused();
  expect(await prod.posts()).toHaveLength(1);
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added twice.example' })).toBeVisible();
  expect(await prod.posts()).toHaveLength(2);
});

sims('@servers "Show request" names the selected server\'s prefix, and after an add shows what the server received', async ({ page, test: testSim }) => {
  await page.goto('/#/settings');
  await selectServer(page, 'test');
  await saveSettings(page, { apiKey: KEYS.test, customerId: 'c0002' });
  await nav(page, 'Add domain').click();
  await page.getByRole('textbox', { name: 'Domain name' }).fill('shown.example');
  await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
  await page.getByRole('button', { name: 'Show request' }).click();
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(`curl -X POST '${origin}/servers/test/liveconfig/api/v1/customers/c0002/domains'`)).toBeVisible();
  await expect(page.getByText(`POST ${origin}/servers/test/liveconfig/api/v1/customers/c0002/domains`)).toBeVisible();

  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added shown.example' })).toBeVisible();
  const [post] = await testSim.posts();
  const sent = page.getByRole('region', { name: 'Last request sent' });
  await expect(sent).toContainText('(Server test)');
  await expect(sent.getByRole('heading', { name: 'Request body, exactly as sent' }).locator('xpath=following-sibling::pre[1]')).toHaveText(post?.body ?? 'none');
  expect(post?.body).toContain('"domain":"shown.example"');
  await expect(sent.getByText(`POST ${origin}/servers/test/liveconfig/api/v1/customers/c0002/domains`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(KEYS.test);
});

/** The contrast ratio (WCAG) of an element's text against its background. */
async function textContrast(element: ReturnType<Page['getByRole']>): Promise<number> {
  return element.evaluate((node) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(node);
    const [high, low] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
  });
}

sims('@servers the server select is legible in both schemes, and every screen names its server (and customer) by its heading', async ({ page }) => {
  await saveSettings(page, { apiKey: KEYS.prod, customerId: 'c0001' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await textContrast(serverSelect(page)), scheme).toBeGreaterThanOrEqual(4.5);
  }
  const area = page.locator('[data-screen]:not([hidden]) .screen-context');
  for (const screen of ['Add domain', 'Domains', 'Bulk add']) {
    await nav(page, screen).click();
    await expect(area, screen).toHaveText(/^Server prod\s*Customer c0001$/);
  }
  for (const screen of ['Activity', 'Settings']) {
    await nav(page, screen).click();
    await expect(area, screen).toHaveText('Server prod');
  }
  await selectServer(page, 'test');
  await expect(area).toContainText('Server test');
});
