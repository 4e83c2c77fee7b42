import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe.ts';
import { seedDomain } from './support/domain-list.ts';
import { expect, saveSettings, test } from './support/fixtures.ts';

// Issue 16: the API screen reads a description and offers every read it describes. These specs
// give it a description through "API description file", as a user with the server's file would.

const customerParam = { name: 'customerId', in: 'path', required: true, schema: { type: 'string' } };

/** A description of a few operations, one of them the simulator's domain list. */
function description(extraPaths: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Test hosting API', version: '3.4', description: 'Reads **everything**. <script>window.__pwned = 1</script> [bad](javascript:alert(1)) [good](https://example.org/docs) ![x](https://tracker.example/p.png)' },
    tags: [{ name: 'Domains' }, { name: 'Customers' }],
    paths: {
      '/customers/{customerId}/domains': {
        parameters: [customerParam],
        get: { operationId: 'listDomains', tags: ['Domains'], summary: 'List the domains of a customer', parameters: [{ name: 'X-Customer-ID', in: 'header', schema: { type: 'string' } }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
          responses: { 200: { description: 'The domains', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Domain' } } } } } } },
        post: { operationId: 'addDomain', tags: ['Domains'], summary: 'Add a domain', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Domain' } } } }, responses: { 201: { description: 'Added' } } },
      },
      '/customers': { get: { operationId: 'listCustomers', tags: ['Customers'], summary: 'List customers', deprecated: true, responses: { 200: { description: 'ok' } } } },
      '/status': { get: { summary: 'Status', responses: { 200: { description: 'ok' } } } },
      ...extraPaths,
    },
    components: { schemas: { Domain: { type: 'object', required: ['domain'], properties: { domain: { type: 'string', format: 'hostname' }, parent: { $ref: '#/components/schemas/Domain' } } } } },
    ...extra,
  };
}

async function chooseDescription(page: Page, content: string, name = 'lc3-api.json') {
  await page.getByLabel('API description file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

async function openApi(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
}

test('a description file: every operation listed, filtered, and a read sent with exactly its path, answered as a table', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await seedDomain(page, 'listed.example', 'web77');
  await openApi(page);
  await chooseDescription(page, JSON.stringify(description()));
  await expect(page.getByText('Showing the description from your file lc3-api.json.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('4 of 4 operations');
  const table = page.getByRole('table', { name: 'Operations' });
  await expect(table.getByRole('row', { name: /^Domains GET .*\/customers\/\{customerId\}\/domains List the domains/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Customers GET .*\/customers List customers deprecated/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Other operations GET .*\/status/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter' }).fill('domains');
  await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('2 of 4 operations');
  await page.getByRole('combobox', { name: 'Method' }).selectOption('post');
  await expect(page.getByRole('status').filter({ hasText: 'operation' })).toHaveText('1 of 4 operations');
  await page.getByRole('combobox', { name: 'Method' }).selectOption('');

  await page.getByRole('link', { name: 'GET /customers/{customerId}/domains', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'GET /customers/{customerId}/domains', level: 2 })).toBeFocused();
  expect(page.url()).toContain('#/api/op/listDomains');
  // The form first; the parameters' documentation folded below it.
  await expect(page.getByText('Not sendable from the panel (its proxy forwards no such header): X-Trace (header).')).toBeVisible();
  await expect(page.getByText('X-Trace (header) · not sendable from the panel')).toHaveCount(0);
  await page.getByText('Documentation: parameters and responses').click();
  await expect(page.getByText('X-Trace (header) · not sendable from the panel')).toBeVisible();

  // A path value is checked by the panel's own segment rule: nothing is sent for "..".
  const before = (await sim.requests()).length;
  // The tab's customer (Settings) fills the customer: shown as text, a field on "Change".
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('button', { name: 'Change' }).click();
  // Typing reaches for the customers the description can list (a combobox once they are read).
  const customer = page.getByRole('region', { name: 'Send this read' }).getByLabel(/^Customer ID/);
  await customer.fill('..');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(customer).toHaveAttribute('aria-invalid', 'true');
  expect((await sim.requests()).slice(before).filter((request) => request.path.includes('/domains'))).toEqual([]);

  await customer.fill('c0002');
  await page.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Status 200' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Answer rows' }).getByRole('cell', { name: 'listed.example' })).toBeVisible();
  // Besides the customers read for the field's suggestions (once), the list.
  const all = (await sim.requests()).slice(before);
  expect(all.filter((request) => request.path === '/liveconfig/api/v1/customers')).toHaveLength(1);
  const reads = all.filter((request) => request.path !== '/liveconfig/api/v1/customers');
  // A double click sends once, to exactly the path, with the key, through the proxy.
  expect(reads.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /liveconfig/api/v1/customers/c0002/domains']);
  expect(reads[0]?.headers.authorization).toBe('Bearer demo-admin-key');
  await expect(page.getByText('The request as it was sent (the key replaced by a placeholder):')).toBeVisible();
  await expect(page.getByText("curl -X GET 'http")).toContainText("-H 'Authorization: Bearer <API-Key>'");
  await expect(page.locator('[data-screen]:not([hidden])')).not.toContainText('demo-admin-key');

  // The address and the file survive a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'GET /customers/{customerId}/domains', level: 2 })).toBeVisible();

  // Activity has the read.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Requests, newest first' }).getByRole('row', { name: /GET \/customers\/c0002\/domains .*200 .*read/ })).toBeVisible();
});

test('out of the box: the simulator\'s own description, filtered by the key; a GET with a path parameter answered as a table', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await seedDomain(page, 'from-sim.example', 'web77');
  await openApi(page);
  await expect(page.getByText('Showing the hosting server\'s own description, as your key may see it.')).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: 'operations' });
  await expect(count).toHaveText(/^(\d+) of \1 operations$/);
  const all = Number((await count.textContent())?.split(' ')[0]);
  expect(all).toBeGreaterThan(5);
  await page.getByRole('link', { name: 'GET /customers/{customerId}/domains', exact: true }).click();
  await expect(page.getByText('For customer c0002.')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('table', { name: 'Answer rows' }).getByRole('cell', { name: 'from-sim.example' })).toBeVisible();
  const reads = (await sim.requests()).filter((request) => request.method === 'GET');
  expect(reads.map((request) => request.path)).toContain('/liveconfig/api/v1/customers/c0002/domains');

  // The customer's key sees fewer operations: the server filters its description by the key.
  await saveSettings(page, { apiKey: 'demo-customer-key' });
  await openApi(page);
  await expect(count).toHaveText(/^(\d+) of \1 operations$/);
  const customers = Number((await count.textContent())?.split(' ')[0]);
  expect(customers).toBeLessThan(all);
});

test('descriptions are shown safely: no raw HTML, no script, http(s) links only, no image fetched', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
  const elsewhere: string[] = [];
  page.on('request', (request) => { if (!request.url().startsWith(new URL(page.url() || 'http://localhost').origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url()); });
  await page.goto('/#/api');
  await chooseDescription(page, JSON.stringify(description()));
  await page.getByText('About this API').click();
  await expect(page.getByRole('link', { name: 'good' })).toHaveAttribute('href', 'https://example.org/docs');
  await expect(page.getByRole('link', { name: 'good' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await expect(page.getByText('<script>window.__pwned = 1</script>')).toBeVisible();
  await expect(page.locator('.api img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(elsewhere.filter((url) => !url.startsWith('http://localhost') && !url.startsWith('http://127.0.0.1'))).toEqual([]);
});

test('hostile and broken descriptions get a message naming what and where, never a crash', async ({ page }) => {
  await page.goto('/#/api');
  const cases: [string, string, string][] = [
    ['broken.yaml', 'openapi: 3.1.0\npaths:\n  /a: [\n', 'The description is not valid YAML: line'],
    ['broken.json', '{\n "openapi": "3.1.0",\n "paths": {,}\n}', 'The description is not valid JSON: line 3, column'],
    ['swagger.json', '{"swagger":"2.0","paths":{}}', 'This is a Swagger 2.0 description'],
    ['nopaths.json', '{"openapi":"3.0.3"}', 'The description has no "paths" object'],
    ['deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'nests deeper than 128 levels'],
  ];
  for (const [name, content, message] of cases) {
    await chooseDescription(page, content, name);
    await expect(page.getByRole('alert')).toContainText(message);
  }
  // Prototype keys, an external $ref, a cyclic schema and a duplicate operationId: read, shown, noted.
  const hostile = JSON.stringify(description({
    '/twice': { get: { operationId: 'listDomains', parameters: [{ $ref: 'https://evil.example/param.json' }] } },
  })).replace('"paths":{', '"paths":{"__proto__":{"get":{"summary":"pollute"}},').replace('"openapi"', '"__proto__":{"polluted":true},"openapi"');
  await chooseDescription(page, hostile);
  await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('5 of 5 operations');
  await page.getByText('References to other files, not fetched (1)').click();
  await expect(page.getByText('https://evil.example/param.json')).toBeVisible();
  await page.getByText(/Left out or odd in the description/).click();
  await expect(page.getByText(/operationId "listDomains" at #\/paths\/~1twice\/get was already used/)).toBeVisible();
  await expect(page.getByText('Path "__proto__" (#/paths/__proto__) does not start with "/"; left out.')).toBeVisible();
  expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();

  // A recursive schema opens a level at a time and says so when it meets itself.
  await page.getByRole('link', { name: 'POST /customers/{customerId}/domains' }).click();
  await page.getByText('Documentation: parameters, request body, and responses').click();
  await expect(page.getByText('recursive: Domain, as above')).toHaveCount(0);
  await page.locator('summary').filter({ hasText: /object \(Domain\)/ }).click();
  await expect(page.getByText('recursive: Domain, as above')).toBeVisible();

  // Forgotten, the screen goes back to the server's own description (which needs a key).
  await page.getByRole('button', { name: 'Forget API description' }).click();
  await expect(page.getByText('Showing the hosting server\'s own description, as your key may see it.')).toBeVisible();
  await expect(page.getByText('enter an API key first')).toBeVisible();
});

test('a large YAML description is read in a worker under the page\'s CSP: every operation counted', async ({ page }) => {
  await page.goto('/#/api');
  const workers: string[] = [];
  page.on('worker', (worker) => { workers.push(worker.url()); });
  // 400 operations in block-style YAML, about 60 KiB: far past what the page reads itself.
  const lines = ['openapi: 3.0.3', 'info:', '  title: Generated', '  version: "1"', 'paths:'];
  for (let index = 0; index < 400; index += 1) {
    lines.push(`  /zones/{zone}/records/r${String(index)}:`, '    get:', `      operationId: record${String(index)}`, `      summary: Record number ${String(index)}`,
      '      parameters:', '        - name: zone', '          in: path', '          required: true', '          schema:', '            type: string',
      '      responses:', '        "200":', '          description: ok');
  }
  await chooseDescription(page, lines.join('\n'), 'generated.yaml');
  await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('400 of 400 operations');
  expect(workers).toHaveLength(1);
  expect(new URL(workers[0] ?? '').origin).toBe(new URL(page.url()).origin);
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Record number 399');
  await expect(page.getByRole('status').filter({ hasText: 'operations' })).toHaveText('1 of 400 operations');
});

test('the API screen is axe clean, list and operation, light and dark, and at 360 px', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await openApi(page);
  await chooseDescription(page, JSON.stringify(description()));
  await expect(page.getByRole('table', { name: 'Operations' })).toBeVisible();
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'GET /customers/{customerId}/domains', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'GET /customers/{customerId}/domains', level: 2 })).toBeVisible();
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
