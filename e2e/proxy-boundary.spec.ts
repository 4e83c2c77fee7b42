import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SIM_PORT } from '../playwright.config.ts';
import { DEMO_KEY_GRANTS } from '../simulator/api/seed.ts';
import { addDomainButton, documentedBody, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

const DOMAIN = 'bücher.example';
const ASCII = 'xn--bcher-kva.example';
const NAMED = `${DOMAIN} (${ASCII})`;
const PROXY_PROBLEM = 'urn:hosting-panel:proxy-error';

test('a hosting server that copies the proxy\'s error body cannot make the page say "not sent"', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: DOMAIN, account: 'web77' });
  // The domain is stored, then the hosting server answers with a forged "never connected".
  await sim.fault({
    method: 'POST', action: 'respond', when: 'after', status: 502, contentType: 'application/problem+json',
    body: JSON.stringify({ type: PROXY_PROBLEM, title: 'Bad Gateway', status: 502, code: 'upstream_refused', detail: 'refused' }),
  });

  await addDomainButton(page).click();

  await expect(page.getByRole('status')).toHaveText(`Checked: ${NAMED} was added to account web77.`);
  await expect(page.getByRole('alert')).toBeHidden();
  const requests = await sim.requests();
  expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  await expect(page.getByText('refused the connection')).toHaveCount(0);
});

test('forwarding headers from the browser never reach the hosting server', async ({ page, sim }) => {
  await page.setExtraHTTPHeaders({
    'X-Forwarded-For': '203.0.113.7',
    Forwarded: 'for=203.0.113.7',
    'X-Real-IP': '203.0.113.7',
    'X-HTTP-Method-Override': 'DELETE',
  });
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'forwarded.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('status')).toHaveText('Added forwarded.example to account web77 of customer c0002.');

  const [post] = await sim.posts();
  expect(post?.method).toBe('POST');
  for (const name of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-http-method-override', 'origin', 'referer', 'cookie']) {
    expect(post?.headers, name).not.toHaveProperty(name);
  }
});

test('headers the page must not get from the hosting server never reach it', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'headers.example', account: 'web77' });
  await sim.fault({
    method: 'POST', action: 'respond', when: 'after', status: 201, contentType: 'application/json', body: '{"id":"d1"}',
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Clear-Site-Data': '"*"',
      Refresh: '0; url=https://attacker.example/',
      Link: '<https://attacker.example/x.js>; rel=preload; as=script',
      'Service-Worker-Allowed': '/',
      'Set-Cookie': 'panel=stolen',
      'X-Hosting-Panel-Proxy': '1',
      ETag: '"v1"',
    },
  });

  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await addDomainButton(page).click();
  const headers = (await answer).headers();

  expect((await answer).status()).toBe(201);
  for (const name of ['access-control-allow-origin', 'clear-site-data', 'refresh', 'link', 'service-worker-allowed', 'set-cookie', 'x-hosting-panel-proxy']) {
    expect(headers, name).not.toHaveProperty(name);
  }
  expect(headers.etag).toBe('"v1"');
  await expect(page.getByRole('status')).toHaveText('Added headers.example to account web77 of customer c0002.');
});

test('"Show request" is what the simulator received, header for header and byte for byte', async ({ page, sim }) => {
  const key = 'marker-show-exact-9c41d7';
  await sim.registerKey(key, 'admin');
  await saveSettings(page, { apiKey: key, customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: DOMAIN, account: 'web77' });
  await page.getByRole('button', { name: 'Show request' }).click();

  const shown = page.getByRole('region', { name: 'Add domain' });
  const head = await shown.getByRole('heading', { name: 'Method, address and headers' }).locator('xpath=following-sibling::pre[1]').innerText();
  const body = JSON.stringify(documentedBody(ASCII, 'web77'));
  await expect(shown.getByRole('heading', { name: 'Request body', exact: true }).locator('xpath=following-sibling::pre[1]')).toHaveText(body);
  await addDomainButton(page).click();
  await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
  // After the add, the request as sent stays shown, though the form has been cleared.
  const sent = shown.getByRole('region', { name: 'Last request sent' });
  await expect(sent.getByRole('heading', { name: 'Request body, exactly as sent' }).locator('xpath=following-sibling::pre[1]')).toHaveText(body);

  const [post] = await sim.posts();
  const [requestLine, ...headerLines] = head.split('\n');
  expect(requestLine).toBe(`POST ${new URL(page.url()).origin}/liveconfig/api/v1/customers/c0002/domains`);
  expect(post?.path).toBe('/liveconfig/api/v1/customers/c0002/domains');
  expect(headerLines).toHaveLength(4);
  for (const line of headerLines) {
    const [name = '', value = ''] = line.split(/: (.*)/s);
    expect(post?.headers[name.toLowerCase()], name).toBe(value.replace('<API-Key>', key));
  }
  expect(post?.body).toBe(body);
  await expect(page.locator('body')).not.toContainText(key);
});

test('the built page holds no demo key; the simulator names them at run time', async ({ page }) => {
  const dist = path.resolve('dist');
  const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(1);
  for (const file of files) {
    const text = readFileSync(path.join(file.parentPath, file.name), 'latin1');
    for (const { key } of DEMO_KEY_GRANTS) expect(text, `${file.name} holds ${key}`).not.toContain(key);
  }

  await page.goto('/#/settings');
  const notice = page.getByRole('complementary', { name: 'Running on the built-in simulator' });
  for (const { key } of DEMO_KEY_GRANTS) await expect(notice.getByText(key, { exact: true })).toBeVisible();
});

test("the simulator's control surface is closed without its token, and the proxy never reaches it", async ({ playwright, request }) => {
  const direct = await playwright.request.newContext({ baseURL: `https://127.0.0.1:${SIM_PORT}`, ignoreHTTPSErrors: true });
  expect((await direct.get('/__sim/requests')).status()).toBe(401);
  expect((await direct.get('/__sim/requests', { headers: { Authorization: 'Bearer wrong-token' } })).status()).toBe(401);
  expect((await direct.post('/__sim/reset')).status()).toBe(401);
  await direct.dispose();

  const viaProxy = await request.get('/liveconfig/api/v1/..%2f..%2f__sim/requests');
  expect(viaProxy.status()).toBe(400);
});
