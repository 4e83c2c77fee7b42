import { expect, test } from './support/fixtures.ts';

const API = '/liveconfig/api/v1/customers/c0002/domains';
const BODY = { domain: 'example.org', account: 'web77', www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } };
const HEADERS = { Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json' };

test('the page loads with its navigation', async ({ page, watch }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Hosting Panel');
  await expect(page.getByRole('link', { name: 'Add domain' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  expect(watch.console.filter((m) => /error/i.test(m))).toEqual([]);
});

test('a request from the page origin reaches the simulator through the proxy', async ({ request, sim }) => {
  const anonymous = await request.post(API, { headers: HEADERS, data: BODY });
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['content-type']).toContain('json');
  expect(await anonymous.json()).toMatchObject({ status: 401 });

  const created = await request.post(API, { headers: { ...HEADERS, Authorization: 'Bearer demo-admin-key', Cookie: 'session=secret' }, data: BODY });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({ ...BODY, id: expect.any(String) });

  const again = await request.post(API, { headers: { ...HEADERS, Authorization: 'Bearer demo-admin-key' }, data: BODY });
  expect(again.status()).toBe(409);

  const posts = await sim.posts();
  expect(posts).toHaveLength(3);
  expect(posts[1]?.headers.authorization).toBe('Bearer demo-admin-key');
  expect(posts[1]?.headers.cookie).toBeUndefined();
  expect(JSON.parse(posts[1]?.body ?? '')).toEqual(BODY);
});

test('only the API prefix is forwarded', async ({ request, sim }) => {
  // The simulator's control surface is not on the page's origin at all.
  const control = await request.post('/__sim/reset');
  expect(control.status()).toBe(404);
  // Outside the API prefix the page's own server answers: with the page, not a proxy error.
  const outside = await request.get('/liveconfig/other');
  expect(outside.status()).toBe(200);
  expect(outside.headers()['content-type']).toMatch(/^text\/html\b/);
  const dotted = await request.get('/liveconfig/api/v1/..%2f..%2f__sim/requests');
  expect(dotted.status()).toBe(400);
  // Refused by the proxy itself (its mark), not by the simulator.
  expect(dotted.headers()['x-hosting-panel-proxy']).toBe('1');
  expect(await dotted.json()).toMatchObject({ type: 'urn:hosting-panel:proxy-error', code: 'path_not_forwarded' });
  expect(await sim.requests()).toEqual([]);
});
