import type { Page } from '@playwright/test';
import { domainTable, openDomains, seedDomain, shownNames } from './support/domain-list.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter' });

// Every test starts from an empty server: asking for `sim` resets it (the seeds go around it).
test.beforeEach(async ({ sim }) => {
  expect(await sim.domains()).toEqual([]);
});

test.describe('the Domains screen', () => {
  test.beforeEach(async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  });

  test('shows what the server holds, both forms of an international name, sorted by name', { tag: '@journey' }, async ({ page, sim }) => {
    await seedDomain(page, 'zebra.example', 'web77');
    await seedDomain(page, 'xn--bcher-kva.example', 'web78');
    await seedDomain(page, 'apfel.example', 'web77');
    await openDomains(page);
    await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
    // The Unicode forms come a moment after the rows (the normaliser converts in slices).
    await expect.poll(() => shownNames(page, '3 domains')).toEqual(['apfel.example', 'bücher.example xn--bcher-kva.example', 'zebra.example']);
    const names = await shownNames(page, '3 domains');
    const held = (await sim.domains()).filter((d) => d.customer === 'c0002').map((d) => d.domain).sort();
    expect(names.map((name) => name.split(' ').at(-1)).sort()).toEqual(held);
    const table = domainTable(page);
    await expect(table.getByRole('columnheader', { name: 'Domain', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    // The documented fields are there, so their columns are too.
    for (const column of ['Account', 'www', 'Web', 'Mail', 'DKIM']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: /zebra\.example web77 yes Webspace \/ yes yes/ })).toBeVisible();
  });

  test('the filter finds a name by its Unicode form, its ASCII form and its account', async ({ page }) => {
    await seedDomain(page, 'xn--bcher-kva.example', 'web77');
    await seedDomain(page, 'example.org', 'web78');
    await openDomains(page);
    await shownNames(page, '2 domains');
    for (const query of ['bücher', 'xn--bcher', 'BÜCHER']) {
      await filterBox(page).fill(query);
      await expect.poll(() => shownNames(page, '1 of 2 domains'), { message: query }).toEqual(['bücher.example xn--bcher-kva.example']);
    }
    await filterBox(page).fill('web78');
    await expect.poll(() => shownNames(page, '1 of 2 domains')).toEqual(['example.org']);
    await filterBox(page).fill('nothing-like-it');
    await expect(page.getByRole('status')).toHaveText('0 of 2 domains');
    await expect(page.getByText('No domain matches “nothing-like-it”.')).toBeVisible();
    await expect(domainTable(page)).toBeHidden();
  });

  test('sorting by Account changes the order; a second click turns it', async ({ page }) => {
    await seedDomain(page, 'a.example', 'web78');
    await seedDomain(page, 'b.example', 'web77');
    await seedDomain(page, 'c.example', 'web78');
    await openDomains(page);
    await expect.poll(() => shownNames(page, '3 domains')).toEqual(['a.example', 'b.example', 'c.example']);
    const table = domainTable(page);
    await table.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Account', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Domain', exact: true })).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => shownNames(page, '3 domains')).toEqual(['b.example', 'a.example', 'c.example']);
    await table.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Account', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => shownNames(page, '3 domains')).toEqual(['a.example', 'c.example', 'b.example']);
  });

  test('Refresh shows a domain added behind the panel\'s back, and says it is busy meanwhile', async ({ page, sim }) => {
    await seedDomain(page, 'first.example', 'web77');
    await openDomains(page);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['first.example']);
    await seedDomain(page, 'second.example', 'web78');
    // The next list answer comes late, so the busy state can be seen.
    await sim.fault({ method: 'GET', pathIncludes: '/domains', action: 'respond', delayMs: 1500 });
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    await expect(refresh).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Refreshing…')).toBeVisible();
    await expect.poll(() => shownNames(page, '2 domains')).toEqual(['first.example', 'second.example']);
    await expect(refresh).toHaveAttribute('aria-disabled', 'false');
  });

  test('after an add through the form, opening Domains shows it', { tag: '@journey' }, async ({ page }) => {
    // Opened once before, the screen stays mounted while hidden; the add must refresh it.
    await openDomains(page);
    await expect(page.getByText('Customer c0002 has no domains yet.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('0 domains');
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'from-the-form.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added from-the-form.example to account web77 of customer c0002.');
    await openDomains(page);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['from-the-form.example']);
  });

  test('with a description, the list is read where it says, and not asked for when it has none', async ({ page, sim }) => {
    const described = (paths: Record<string, unknown>) => JSON.stringify({ openapi: '3.1.0', info: { title: 'Other', version: '1' }, paths });
    const chooseDescription = async (content: string) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
      await page.getByLabel('API description file').setInputFiles({ name: 'lc3-api.json', mimeType: 'application/json', buffer: Buffer.from(content) });
      await expect(page.getByRole('status').filter({ hasText: ' of ' })).toBeVisible();
    };
    const domainReads = async () => (await sim.requests()).filter((r) => r.method === 'GET' && r.path.includes('/domains')).map((r) => r.path);

    // A description whose list lives elsewhere: asked there, and its answer shown.
    await sim.fault({ method: 'GET', pathIncludes: '/clients/c0002/domains', action: 'respond', status: 200, contentType: 'application/json', body: '[{"domain":"elsewhere.example","account":"web9"}]', count: 5 });
    await page.goto('/#/api');
    await chooseDescription(described({ '/clients/{client}/domains': { get: { parameters: [{ name: 'client', in: 'path', required: true }], responses: { 200: { description: 'ok' } } } } }));
    await openDomains(page);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['elsewhere.example']);
    expect(await domainReads()).toEqual(['/liveconfig/api/v1/clients/c0002/domains']);

    // One without a list of domains: a calm note, and no read at any path; a reload keeps it so.
    await chooseDescription(described({ '/customers': { get: { responses: { 200: { description: 'ok' } } } } }));
    await openDomains(page);
    await expect(page.getByText('This server\'s API description has no read of a customer\'s domains')).toBeVisible();
    await page.reload();
    await expect(page.getByText('This server\'s API description has no read of a customer\'s domains')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await domainReads()).toHaveLength(1);

    // Forgotten, the simulator's own description names its own list again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
    await page.getByRole('button', { name: 'Forget API description' }).click();
    await openDomains(page);
    await expect(page.getByRole('status').filter({ hasText: 'domains' })).toHaveText('0 domains');
    expect(await domainReads()).toEqual(['/liveconfig/api/v1/clients/c0002/domains', '/liveconfig/api/v1/customers/c0002/domains']);
  });

  test('each row has "Edit" and "Delete" from the description: only the changed field sent, nothing deleted before the name is typed', { tag: '@journey' }, async ({ page, sim }) => {
    await seedDomain(page, 'keep.example', 'web77');
    await seedDomain(page, 'change.example', 'web77');
    await openDomains(page);
    await expect.poll(() => shownNames(page, '2 domains')).toEqual(['change.example', 'keep.example']);
    const written = async () => (await sim.requests()).filter((r) => r.method === 'PATCH' || r.method === 'DELETE').map((r) => [r.method, r.path, r.body]);

    await page.getByRole('button', { name: 'Edit change.example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit change.example' });
    await expect(dialog.getByText('Current values loaded: only what you change is sent.')).toBeVisible();
    await expect(dialog.getByText('For customer c0002 · change.example.')).toBeVisible();
    const www = dialog.getByRole('checkbox', { name: /^www/ });
    await expect(www).toBeChecked();
    await www.uncheck();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'changed' })).toHaveText('Domain change.example changed.');
    expect(await written()).toEqual([['PATCH', '/liveconfig/api/v1/customers/c0002/domains/change.example', '{"www":false}']]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Edit change.example' })).toBeFocused();
    await expect(domainTable(page).getByRole('row', { name: /^change\.example web77 no/ })).toBeVisible();

    await page.getByRole('button', { name: 'Delete change.example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('keep.example');
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    expect(await written()).toHaveLength(1);
    await confirm.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('change.example');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('Domain change.example deleted.');
    expect((await written()).slice(1)).toEqual([['DELETE', '/liveconfig/api/v1/customers/c0002/domains/change.example', '']]);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['keep.example']);
  });

  test('"Delete bücher.example" takes the name as people type it: in Unicode or ASCII, and nothing that only looks like it', async ({ page, sim }) => {
    await seedDomain(page, 'xn--bcher-kva.example', 'web77');
    await openDomains(page);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['bücher.example xn--bcher-kva.example']);
    const deletes = async () => (await sim.requests()).filter((r) => r.method === 'DELETE').map((r) => r.path);

    await page.getByRole('button', { name: 'Delete bücher.example', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    // Named as a person names it, the name in Unicode with its ASCII form beside it; no HTTP.
    await expect(confirm).toContainText('Delete domain bücher.example?');
    await expect(confirm).toContainText('Type "bücher.example" or its ASCII form "xn--bcher-kva.example" to confirm.');
    await expect(confirm).not.toContainText('DELETE');
    const field = confirm.getByRole('textbox', { name: 'Type the identifier to confirm' });
    const button = confirm.getByRole('button', { name: 'Delete', exact: true });
    const typings: [string, boolean][] = [
      ['bücher.example', true], ['bucher.example', false], ['xn--bcher-kva.example', true],
      ['bücher.\u0435xample', false], // a Cyrillic е for the Latin e
      ['  bücher.example ', true], ['bücher.example.', false],
    ];
    for (const [typed, enabled] of typings) {
      await field.fill(typed);
      await expect(button, JSON.stringify(typed)).toBeEnabled({ enabled });
    }
    expect(await deletes()).toEqual([]);

    await field.fill('xn--bcher-kva.example');
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('Domain bücher.example deleted.');
    expect(await deletes()).toEqual(['/liveconfig/api/v1/customers/c0002/domains/xn--bcher-kva.example']);
    await expect.poll(() => shownNames(page, '0 domains')).toEqual([]);
  });

  test('at 360 px the delete dialog wraps a long name: nothing cut, nothing to scroll sideways', async ({ page }) => {
    const long = `${'long-label-'.repeat(5)}x.example`;
    await seedDomain(page, long, 'web77');
    await page.setViewportSize({ width: 360, height: 740 });
    await openDomains(page);
    await page.getByRole('button', { name: `Delete ${long}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(`Delete domain ${long}?`);
    const box = await confirm.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await confirm.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
    for (const name of ['Delete', 'Cancel']) await expect(confirm.getByRole('button', { name, exact: true })).toBeInViewport();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });

  test('without the operations in the description, no "Edit" or "Delete"', async ({ page }) => {
    await seedDomain(page, 'plain.example', 'web77');
    await page.goto('/#/api');
    await page.getByLabel('API description file').setInputFiles({ name: 'lc3-api.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({
      openapi: '3.1.0', info: { title: 'Reads only', version: '1' },
      paths: { '/customers/{c}/domains': { get: { parameters: [{ name: 'c', in: 'path', required: true }], responses: { 200: { description: 'ok' } } } } },
    })) });
    await openDomains(page);
    await expect.poll(() => shownNames(page, '1 domain')).toEqual(['plain.example']);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(domainTable(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });

  test('a server without the list: a calm note, no error, and adding still works', async ({ page, sim }) => {
    await sim.fault({ method: 'GET', pathIncludes: '/domains', action: 'respond', when: 'before', status: 404, contentType: 'text/plain', body: 'Not Found', count: 50 });
    await openDomains(page);
    await expect(page.getByText('This server does not offer a list of domains')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
    // Asked once: a missing list is not retried.
    expect((await sim.requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/domains'))).toHaveLength(1);

    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'still-works.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added still-works.example to account web77 of customer c0002.');
    expect(await sim.posts()).toHaveLength(1);
    expect(await sim.domains()).toMatchObject([{ domain: 'still-works.example', customer: 'c0002' }]);
    await openDomains(page);
    await expect(page.getByText('This server does not offer a list of domains')).toBeVisible();
  });

  test('an error the service sends is an error, not a missing list', async ({ page, sim }) => {
    await sim.fault({ method: 'GET', pathIncludes: '/domains', action: 'respond', status: 404, contentType: 'application/json', body: '{"message":"No such customer."}' });
    await openDomains(page);
    await expect(page.getByRole('alert')).toHaveText(
      'The domain list could not be loaded. The server does not know this customer or account. Server message: No such customer.',
    );
  });
});

test('a wrong key: the screen says the key was refused and points to Settings', async ({ page }) => {
  await saveSettings(page, { apiKey: 'not-a-known-key', customerId: 'c0002' });
  await openDomains(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The server did not accept the API key');
  await expect(alert.getByRole('link', { name: 'Check the API key' })).toHaveAttribute('href', '#/settings');
});

test('without a customer ID the screen asks for one in its own field and sends nothing', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await openDomains(page);
  await expect(page.getByText('Enter a customer ID above to list its domains.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('');
  expect(await sim.requests()).toEqual([]);
});

test('the form suggests the accounts of the customer\'s domains once the account field is used', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await seedDomain(page, 'a.example', 'web78');
  await seedDomain(page, 'b.example', 'web77');
  await seedDomain(page, 'c.example', 'web78');
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'new.example', account: '' });
  // Filling the form asked for nothing: the three seeding POSTs are all the server saw.
  expect(await sim.requests()).toHaveLength(3);
  await page.getByRole('textbox', { name: 'Hosting account' }).click();
  const account = page.getByRole('combobox', { name: 'Hosting account' });
  await expect.poll(() => account.evaluate((input: HTMLInputElement) => [...input.list?.options ?? []].map((o) => o.value)))
    .toEqual(['web77', 'web78']);
  // Free text is still taken.
  await account.fill('web77');
  await addDomainButton(page).click();
  await expect(page.getByRole('status')).toHaveText('Added new.example to account web77 of customer c0002.');
});

test('German: the screen speaks German', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
  await seedDomain(page, 'xn--bcher-kva.example', 'web77');
  await openDomains(page);
  await expect(page.getByRole('heading', { name: 'Domainliste', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('1 Domain');
  const table = page.getByRole('table', { name: 'Domains der Kunden-ID c0002' });
  await expect(table.getByRole('columnheader', { name: 'Hosting-Account' })).toBeVisible();
  await expect(table.getByRole('row', { name: /bücher\.example xn--bcher-kva\.example web77 ja Webspace \/ ja ja/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filtern' }).fill('nichts');
  await expect(page.getByRole('status')).toHaveText('0 von 1 Domain');
  await expect(page.getByText('Keine Domain passt zu „nichts“.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();
  // The delete dialog in German: the server's word for the kind set apart after a colon, the name in both forms.
  await page.getByRole('searchbox', { name: 'Filtern' }).fill('');
  await page.getByRole('button', { name: /^(bücher|xn--bcher-kva)\.example löschen$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Löschen bestätigen' });
  await expect(confirm).toContainText('Wirklich löschen: Domain bücher.example?');
  await expect(confirm).toContainText('Geben Sie „bücher.example“ oder die ASCII-Form „xn--bcher-kva.example“ zur Bestätigung ein.');
  await confirm.getByRole('textbox', { name: 'Kennung zur Bestätigung eingeben' }).fill('bücher.example');
  await confirm.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gelöscht' })).toHaveText('Gelöscht: Domain bücher.example.');
});

test('at 360 px each domain is a card: nothing is cut off, sorting still works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await seedDomain(page, `${'long-label-'.repeat(5)}x.example`, 'web77');
  await seedDomain(page, 'a.example', 'web78');
  await openDomains(page);
  const table = domainTable(page);
  await expect(table.getByRole('cell', { name: 'web78' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const outside = await table.getByRole('cell').evaluateAll((cells) => cells.filter((cell) => {
    const box = cell.getBoundingClientRect();
    return box.left < 0 || box.right > 360;
  }).length);
  expect(outside).toBe(0);
  // The sort buttons stay a row of buttons above the cards.
  const sortByAccount = table.getByRole('button', { name: 'Account' });
  await expect(sortByAccount).toBeInViewport();
  await sortByAccount.focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: 'Account' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeInViewport();
});

// Long tasks are not asserted here: on a shared two-core machine their length says more about
// the neighbours than about the page. What makes 5,000 rows cheap is checked instead: the page
// holds only the rows in view, and the names are converted in slices (src/lib/util/map-in-slices.ts).
test('5,000 domains: only the rows in view are in the page, Home and End reach both ends', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  // Every other name is international, so the normaliser has work to do.
  const records = Array.from({ length: 5000 }, (_, i) => {
    const n = String(i).padStart(4, '0');
    return { domain: i % 2 ? `xn--bcher-kva.d${n}.example` : `d${n}.example`, account: `web${i % 7}`, www: i % 3 === 0 };
  });
  await sim.fault({ method: 'GET', pathIncludes: '/domains', action: 'respond', status: 200, contentType: 'application/json', body: JSON.stringify(records) });
  await openDomains(page);
  await expect(page.getByRole('status')).toHaveText('5,000 domains');
  const table = domainTable(page);
  await expect(table).toHaveAttribute('aria-rowcount', '5001');
  // The Unicode forms are there: the whole list has been read, converted and sorted.
  const first = table.getByRole('row', { name: /^bücher\.d0001\.example xn--bcher-kva\.d0001\.example/ });
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute('aria-rowindex', '2');
  expect(await table.getByRole('row').count()).toBeLessThan(60);

  await page.getByRole('region', { name: 'Domains of customer c0002' }).focus();
  await page.keyboard.press('End');
  const last = table.getByRole('row', { name: /^d4998\.example/ });
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-rowindex', '5001');
  expect(await table.getByRole('row').count()).toBeLessThan(60);
  await page.keyboard.press('Home');
  await expect(first).toBeInViewport();
});
