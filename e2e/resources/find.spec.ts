import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { chooseDescriptionFile } from '../support/description-file.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 24, part 4: "Find" in the header (`/` to reach it) finds what the lists already read
// name, from any screen, by keyboard alone; where a top list can filter, it asks the server once
// typing rests, one request per list, a superseded one cancelled.

const API = '/liveconfig/api/v1';
const SHOP = 'lindenhof-find.example';
const BOOKS = 'bücherstube-find.example';
const BOOKS_ASCII = 'xn--bcherstube-find-zvb.example';

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const find = (page: Page, name = 'Find') => page.getByRole('combobox', { name });
const results = (page: Page, name = 'Results') => page.getByRole('listbox', { name });

/** `/`, then `text` key by key, a tenth of a second apart on the page's clock (installed by the test), as a person types. */
async function typeInFind(page: Page, text: string, name = 'Find') {
  await page.keyboard.press('/');
  await expect(find(page, name)).toBeFocused();
  await typeSlowly(page, text);
}

async function typeSlowly(page: Page, text: string) {
  for (const key of text) {
    await page.keyboard.type(key);
    await page.clock.runFor(100);
  }
}

/** Requests the simulator received, but for its description. */
const apiRequests = async (sim: { requests: () => Promise<{ path: string }[]> }) => (await sim.requests()).filter((request) => !request.path.endsWith('/openapi.json'));

test('a customer finds a domain from another screen by keyboard alone, typed in part, in Unicode or in ASCII, with no request per keystroke @journey', async ({ page, sim }) => {
  await page.clock.install();
  await seedDomain(page, SHOP, 'web77');
  await seedDomain(page, BOOKS_ASCII, 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  // The Domains list, read once from the Resources screen.
  await main(page).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page.getByRole('link', { name: SHOP, exact: true })).toBeVisible();
  await main(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeFocused();

  const before = (await apiRequests(sim)).length;
  await expect(find(page)).toHaveAttribute('aria-keyshortcuts', '/');
  await typeInFind(page, 'lindenh');
  const domains = results(page).getByRole('group', { name: 'Domains' });
  await expect(domains.getByRole('option')).toHaveText([SHOP]);
  await expect(page.getByRole('status').filter({ hasText: 'result' })).toHaveText('1 result');
  // Long past the moment a question to the server would go: none went, the list was at hand.
  await page.clock.runFor(2_000);
  expect(await apiRequests(sim)).toHaveLength(before);

  await page.keyboard.press('ArrowDown');
  await expect(find(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(domains.getByRole('option', { name: SHOP })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: SHOP, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/resources/customers/c0002/domains/${SHOP.replaceAll('.', '\\.')}$`));
  await expect(find(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);

  // A name kept in ASCII, found by its Unicode form and shown so.
  await typeInFind(page, 'bücherst');
  await expect(results(page).getByRole('option')).toHaveText([BOOKS]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(`^${BOOKS.replaceAll('.', '\\.')}`), level: 2 })).toBeVisible();
  expect(page.url()).toContain(`#/resources/customers/c0002/domains/${BOOKS_ASCII}`);
  // And by its ASCII form.
  await typeInFind(page, 'xn--bcherst');
  await expect(results(page).getByRole('option')).toHaveText([BOOKS]);

  // Escape closes and clears; from an empty field it goes back to where the user was.
  await page.keyboard.press('Escape');
  await expect(results(page)).toHaveCount(0);
  await expect(find(page)).toHaveValue('');
  await expect(find(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: new RegExp(`^${BOOKS.replaceAll('.', '\\.')}`), level: 2 })).toBeFocused();
});

test('an admin finds a customer\'s domain and the customer itself from Activity', async ({ page, sim }) => {
  await page.clock.install();
  await seedDomain(page, SHOP, 'web77');
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await page.goto('/#/resources');
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('table', { name: 'Customers' }).getByRole('link').filter({ hasText: /Ben Schulz/ }).click();
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('link', { name: SHOP, exact: true })).toBeVisible();
  await main(page).getByRole('link', { name: 'Activity', exact: true }).click();

  const before = (await apiRequests(sim)).length;
  await typeInFind(page, 'lindenhof');
  // An admin reads many customers' lists: each domain says whose it is.
  const option = results(page).getByRole('group', { name: 'Domains' }).getByRole('option', { name: `${SHOP} · c0002` });
  await expect(option).toBeVisible();
  await page.clock.runFor(2_000);
  expect(await apiRequests(sim)).toHaveLength(before);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: SHOP, level: 2 })).toBeVisible();

  await typeInFind(page, 'ben sch');
  await expect(results(page).getByRole('group', { name: 'Customers' }).getByRole('option')).toHaveText(['Ben Schulz']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ben Schulz', level: 2 })).toBeVisible();
});

for (const [language, names] of [
  ['English', { find: 'Find', results: 'Results', none: 'Nothing found in the lists read so far.' }],
  ['Deutsch', { find: 'Suchen', results: 'Treffer', none: 'In den bisher gelesenen Listen nichts gefunden.' }],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`Find in ${language}, ${colorScheme}, 360 px wide: its list and its words pass axe`, async ({ page, sim }) => {
      await page.clock.install();
      expect(await sim.requests()).toEqual([]);
      await seedDomain(page, SHOP, 'web77');
      await seedDomain(page, BOOKS_ASCII, 'web77');
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme });
      await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002', language });
      await page.goto('/#/domains');
      await expect(page.getByRole('link', { name: SHOP, exact: true })).toBeVisible();
      await page.goto('/#/activity');
      await page.getByRole('heading', { level: 1 }).focus();
      await typeInFind(page, 'find.ex', names.find);
      await expect(results(page, names.results).getByRole('option')).toHaveText([SHOP, BOOKS]);
      await page.keyboard.press('ArrowDown');
      const box = await results(page, names.results).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await page.keyboard.type('nirgends-zu-finden');
      await expect(page.getByRole('status').filter({ hasText: names.none })).toHaveText(names.none);
      await expectNoViolations(page);
    });
  }
}

// A description the simulator does not have: a top list that filters by `search`.
const description = {
  openapi: '3.0.3',
  info: { title: 'Projects API', version: '1.0' },
  paths: {
    '/projects': {
      get: {
        operationId: 'list-projects',
        parameters: ['page', 'per_page'].map((name) => ({ name, in: 'query', schema: { type: 'integer' } })).concat([{ name: 'search', in: 'query', schema: { type: 'string' } }]),
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Project' } } } } } },
      },
    },
    '/projects/{projectId}': {
      parameters: [{ name: 'projectId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'get-project', responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Project' } } } } } },
    },
  },
  components: { schemas: { Project: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } } },
};
const projects = [{ id: 'p-1', name: 'Lindenhof shop' }, { id: 'p-2', name: 'Garden' }, { id: 'p-3', name: 'Workshop Süd' }];

test('where a top list can filter, Find asks the server once typing rests: one request per list and text, a superseded one cancelled', async ({ page }) => {
  await page.clock.install();
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'projects.json', description);

  const asked: string[] = [];
  const cancelled: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(`**${API}/**`, async (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.slice(API.length);
    const one = projects.find((project) => path === `/projects/${project.id}`);
    if (one) return route.fulfill({ contentType: 'application/json', body: JSON.stringify(one) });
    const search = url.searchParams.get('search') ?? '';
    asked.push(`${path} ${[...url.searchParams].map(([key, value]) => `${key}=${value}`).sort().join('&')}`);
    if (search === 'sho') await held;
    const rows = projects.filter((project) => project.name.toLowerCase().includes(search));
    // A cancelled request cannot be answered any more.
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(rows) }).catch(() => undefined);
  });
  page.on('requestfailed', (request) => { cancelled.push(new URL(request.url()).search); });
  await main(page).getByRole('link', { name: 'Activity', exact: true }).click();

  await typeInFind(page, 'sho');
  // Nothing goes while typing ('s', 'sh' never do); once it rests, the list's first page with the filter.
  await page.clock.runFor(400);
  await expect.poll(() => asked).toEqual(['/projects page=1&per_page=50&search=sho']);
  await expect(page.getByRole('status').filter({ hasText: 'Asking the server…' })).toBeVisible();
  // Typing on cancels the question out and asks again once typing rests.
  await typeSlowly(page, 'p');
  await expect.poll(() => cancelled).toEqual(['?page=1&per_page=50&search=sho']);
  await page.clock.runFor(400);
  const found = results(page).getByRole('group', { name: 'Projects' }).getByRole('option');
  await expect(found).toHaveText(['Lindenhof shop', 'Workshop Süd']);
  await page.clock.runFor(2_000);
  expect(asked).toEqual(['/projects page=1&per_page=50&search=sho', '/projects page=1&per_page=50&search=shop']);
  release();

  // The answer is a list read like any other: what it named is found at once, before the server
  // answers the new text (asked once, as every text is).
  await page.keyboard.press('Escape');
  await typeSlowly(page, 'lindenhof');
  await expect(found).toHaveText(['Lindenhof shop']);
  await page.clock.runFor(400);
  await expect.poll(() => asked).toHaveLength(3);
  expect(asked[2]).toBe('/projects page=1&per_page=50&search=lindenhof');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Lindenhof shop', level: 2 })).toBeVisible();
  expect(page.url()).toContain('#/resources/projects/p-1');
});

test('Find asks a text once, not again when the window comes back to the front; an input method\'s Enter opens nothing; a name that turns its text is shown plainly', async ({ page }) => {
  await page.clock.install();
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'projects.json', description);
  const asked: string[] = [];
  const named = [...projects, { id: 'p-4', name: 'Shop \u202Emoc.knab\u202C' }];
  await page.route(`**${API}/**`, async (route) => {
    const url = new URL(route.request().url());
    const one = named.find((project) => url.pathname === `${API}/projects/${project.id}`);
    if (one) return route.fulfill({ contentType: 'application/json', body: JSON.stringify(one) });
    const search = url.searchParams.get('search') ?? '';
    asked.push(search);
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(named.filter((project) => project.name.toLowerCase().includes(search.toLowerCase()))) });
  });
  await main(page).getByRole('link', { name: 'Activity', exact: true }).click();

  // Asked as typed: a server's search may mind case.
  await typeInFind(page, 'Shop');
  await page.clock.runFor(400);
  const found = results(page).getByRole('group', { name: 'Projects' }).getByRole('option');
  await expect(found).toHaveText(['Shop \uFFFDmoc.knab\uFFFD', 'Lindenhof shop', 'Workshop Süd']);
  expect(asked).toEqual(['Shop']);
  // A minute on, the window comes back to the front: the answer stands, nothing is asked again.
  await page.clock.runFor(60_000);
  await page.evaluate(() => { window.dispatchEvent(new Event('visibilitychange')); window.dispatchEvent(new Event('focus')); });
  await page.clock.runFor(2_000);
  await expect(found).toHaveCount(3);
  expect(asked).toEqual(['Shop']);

  // Enter that ends a word of an input method (Japanese, Chinese) is that method's: nothing opens.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(results(page).getByRole('option', { name: 'Lindenhof shop' })).toHaveAttribute('aria-selected', 'true');
  const url = page.url();
  await find(page).evaluate((field) => { field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true })); });
  await page.clock.runFor(100);
  expect(page.url()).toBe(url);
  await expect(results(page).getByRole('option', { name: 'Lindenhof shop' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Lindenhof shop', level: 2 })).toBeVisible();
});
