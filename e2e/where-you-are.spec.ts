import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe.ts';
import { domainTable, openDomains, seedDomain } from './support/domain-list.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

// Issue 15: where you are and what happened, at every width.

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: /^(Main|Hauptnavigation)$/ }).getByRole('link', { name, exact: true });
const headingArea = (page: Page) => page.locator('[data-screen]:not([hidden]) .screen-context');

/** Every element of `cells` lies inside the window horizontally. */
async function expectInsideWidth(cells: Locator, width: number) {
  const boxes = await cells.evaluateAll((elements) => elements.map((element) => {
    const box = element.getBoundingClientRect();
    return { text: (element as HTMLElement).innerText.slice(0, 30), left: box.left, right: box.right };
  }));
  expect(boxes.length).toBeGreaterThan(0);
  expect(boxes.filter((box) => box.left < 0 || box.right > width + 0.5)).toEqual([]);
}

test.describe('the customer in view', () => {
  test('Domains lists another customer from its own "Customer ID", without Settings, and keeps it for the tab', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await sim.storeDomain('c0001', 'for-c0001.example', 'web1');
    await seedDomain(page, 'for-c0002.example', 'web77');
    await openDomains(page);
    await expect(headingArea(page)).toContainText('Customer c0002');
    await expect(domainTable(page).getByRole('cell', { name: 'for-c0002.example', exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Customer ID' }).fill('c0001');
    const c0001 = page.getByRole('table', { name: 'Domains of customer c0001' });
    await expect(c0001.getByRole('cell', { name: 'for-c0001.example', exact: true })).toBeVisible();
    await expect(headingArea(page)).toContainText('Customer c0001');
    // Settings still holds its own default.
    await nav(page, 'Settings').click();
    await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
    await page.reload();
    await nav(page, 'Domains').click();
    await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0001');
    await expect(c0001.getByRole('cell', { name: 'for-c0001.example', exact: true })).toBeVisible();
  });

  test('a half-typed or wrong customer ID is never asked for; a wrong one is explained', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await openDomains(page);
    await expect(page.getByRole('status')).toHaveText('0 domains');
    const before = (await sim.requests()).length;
    const field = page.getByRole('textbox', { name: 'Customer ID' });
    await field.fill('c 1/..');
    await expect(field).toHaveAccessibleDescription(/Use 1 to 64 letters/);
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await sim.requests()).toHaveLength(before);
  });

  test('a customer\'s key refused for another customer says so', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
    await openDomains(page);
    await page.getByRole('textbox', { name: 'Customer ID' }).fill('c0001');
    await page.getByRole('textbox', { name: 'Customer ID' }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('refused this action for customer c0001: a customer\'s key may act only for its own customer ID');
  });

  test('the add form and Bulk add name the customer they act for in the heading area', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    await expect(headingArea(page)).toContainText('Customer c0002');
    await page.getByRole('textbox', { name: 'Customer ID' }).fill('c0001');
    await expect(headingArea(page)).toContainText('Customer c0001');
    await nav(page, 'Bulk add').click();
    await expect(headingArea(page)).toContainText('Customer c0002');
  });
});

test.describe('results where the user looks', () => {
  test('a 409 in an 800 px high window: the alert is in view and focused', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await seedDomain(page, 'taken.example', 'web77');
    await nav(page, 'Add domain').click();
    await fillDomainForm(page, { domain: 'taken.example', account: 'web77' });
    await addDomainButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('already exists');
    await expect(alert).toBeInViewport();
    await expect(alert).toBeFocused();
  });

  test('a result is gone once its input changes, and a refused submit does not stand beside an old "Added"', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    await fillDomainForm(page, { domain: 'first.example', account: 'web77' });
    await addDomainButton(page).click();
    const status = page.getByRole('status');
    await expect(status).toHaveText('Added first.example to account web77 of customer c0002.');
    // The form cleared the name: pressing again is refused by the form, and the old result goes.
    await addDomainButton(page).click();
    await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(status).toHaveText('');

    await fillDomainForm(page, { domain: 'second.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(status).toHaveText('Added second.example to account web77 of customer c0002.');
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web78');
    await expect(status).toHaveText('');
  });

  test('"Settings saved." is gone once a field changes', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await page.getByRole('textbox', { name: 'Customer ID' }).fill('c 2');
    await expect(page.getByRole('status')).toHaveText('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('status')).toHaveText('');
  });
});

test.describe('pasted addresses', () => {
  test('https://www.Example.org/shop becomes example.org with the www variant, and that is what is sent', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    const www = page.getByRole('checkbox', { name: /^Also serve/ });
    await www.uncheck();
    const name = page.getByRole('textbox', { name: 'Domain name' });
    await name.fill('https://www.Example.org/shop');
    await expect(name).toHaveValue('example.org');
    await expect(www).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Also serve www.example.org' })).toBeVisible();
    await expect(page.getByText('Took example.org from the pasted address https://www.Example.org/shop')).toBeVisible();
    await expect(page.getByText('www.www')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toContainText('Added example.org');
    const [post] = await sim.posts();
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ domain: 'example.org', www: true });
  });

  test('a real paste from the clipboard is taken the same way', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    const name = page.getByRole('textbox', { name: 'Domain name' });
    await page.evaluate(() => navigator.clipboard.writeText('http://www.example.de/'));
    await name.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(name).toHaveValue('example.de');
    await expect(page.getByRole('checkbox', { name: 'Also serve www.example.de' })).toBeChecked();
  });

  test('a www. name typed by hand stays as typed, and its label never reads "www.www"', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    const name = page.getByRole('textbox', { name: 'Domain name' });
    await name.pressSequentially('www.example.org');
    await name.blur();
    await expect(name).toHaveValue('www.example.org');
    await expect(page.getByRole('checkbox', { name: 'Also serve the www variant' })).toBeVisible();
    await expect(page.getByText('www.www')).toHaveCount(0);
  });
});

test.describe('Bulk add reads true', () => {
  test('after Start no "Nothing has been sent yet."; one duplicate is "1 duplicate"', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Bulk add').click();
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await page.getByRole('textbox', { name: 'Domains to add' }).fill('one.example\ntwo.example\none.example');
    await page.getByRole('button', { name: 'Check' }).click();
    const summary = page.getByRole('status').filter({ hasText: '3 rows:' });
    await expect(summary).toHaveText('3 rows: 2 ready, 0 invalid, 1 duplicate, 0 already in the domain list. Nothing has been sent yet.');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Finished:' })).toBeVisible();
    await expect(page.getByText('Nothing has been sent yet')).toHaveCount(0);
  });

  test('the input comes before the defaults, which fold away', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Bulk add').click();
    const input = await page.getByRole('textbox', { name: 'Domains to add' }).boundingBox();
    const account = page.getByRole('textbox', { name: 'Hosting account' });
    const defaults = await account.boundingBox();
    expect(input && defaults && input.y < defaults.y).toBe(true);
    await page.getByText('Defaults for rows that leave a column out').click();
    await expect(account).toBeHidden();
  });

  test('an invalid row shows its domain cell and names the wrong field; Retry failed offers only what a retry can fix', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Bulk add').click();
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await page.getByRole('textbox', { name: 'Domains to add' }).fill('bad-account.example,we b\nrefused.example\nbroken.example\nfine.example');
    await page.getByRole('button', { name: 'Check' }).click();
    const results = page.getByRole('table', { name: '4 rows' });
    const invalid = results.getByRole('row').filter({ hasText: 'invalid' });
    await expect(invalid).toContainText('bad-account.example');
    await expect(invalid).not.toContainText('bad-account.example,we b');
    await expect(invalid).toContainText('Hosting account "we b": Use 1 to 64 letters');

    await sim.fault({ method: 'POST', pathIncludes: 'domains', action: 'respond', status: 422, contentType: 'application/json', body: '{"errors":{"account":"is locked"}}', count: 1 });
    await sim.fault({ method: 'POST', pathIncludes: 'domains', action: 'respond', status: 500, contentType: 'text/plain', body: 'oops', count: 1 });
    await page.getByRole('spinbutton', { name: 'Parallel requests' }).fill('1');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Finished:' })).toBeVisible();
    const refused = results.getByRole('row').filter({ hasText: 'refused.example' });
    await expect(refused).toContainText('The server refused the row\'s values: Hosting account (account): is locked');
    await expect(refused).not.toContainText('marked fields');
    // Only the 500 can pass on a second try.
    await page.getByRole('button', { name: 'Retry failed (1)' }).click();
    await expect(results.getByRole('row').filter({ hasText: 'broken.example' })).toContainText('added');
    await expect(refused).toContainText('failed');
    const posts = (await sim.posts()).map((post) => (JSON.parse(post.body) as { domain: string }).domain);
    expect(posts.filter((domain) => domain === 'refused.example')).toHaveLength(1);
  });

  test('a row settled by a list read shows how the verdict was reached, not a bare 502', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Bulk add').click();
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await page.getByRole('textbox', { name: 'Domains to add' }).fill('lost-answer.example');
    await page.getByRole('button', { name: 'Check' }).click();
    await sim.fault({ method: 'POST', action: 'respond', status: 502, contentType: 'text/plain', body: 'Bad Gateway', when: 'after', count: 1 });
    await page.getByRole('button', { name: 'Start' }).click();
    const row = page.getByRole('table', { name: '1 row' }).getByRole('row').filter({ hasText: 'lost-answer.example' });
    await expect(row).toContainText('added');
    await expect(row).toContainText('502, then list read');
  });
});

test.describe('Activity', () => {
  test('"Clear activity" asks first: keeping keeps the entries; clearing says it was cleared', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await nav(page, 'Add domain').click();
    await fillDomainForm(page, { domain: 'bücher.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toContainText('Added');
    await nav(page, 'Activity').click();
    const table = page.getByRole('table', { name: 'Requests, newest first' });
    // Unicode, with the ASCII form sent beside it, as on Domains.
    await expect(table.getByRole('cell', { name: 'bücher.example xn--bcher-kva.example', exact: true })).toBeVisible();

    const rows = await table.getByRole('row').count();
    await page.getByRole('button', { name: 'Clear activity' }).click();
    await expect(page.getByText(`Delete the ${rows - 1} request${rows === 2 ? '' : 's'} of this tab from Activity?`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Keep them' }).click();
    await expect(table.getByRole('row')).toHaveCount(rows);

    await page.getByRole('button', { name: 'Clear activity' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Activity was cleared: requests sent from now on appear here.')).toBeVisible();
    await expect(table).toHaveCount(0);
  });

  for (const language of ['English', 'Deutsch'] as const) {
    test(`1280 px, ${language}: every Activity column header lies inside the window, none broken mid-word`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language });
      await nav(page, language === 'English' ? 'Add domain' : 'Domain hinzufügen').click();
      await page.getByRole('textbox', { name: /^(Domain name|Domainname)$/ }).fill(`a-rather-long-name-for-a-column-${language.toLowerCase()}.example`);
      await page.getByRole('textbox', { name: /^(Hosting account|Hosting-Account)$/ }).fill('web77');
      await page.getByRole('button', { name: /^(Add domain|Domain hinzufügen)$/ }).click();
      await expect(page.getByRole('status')).not.toHaveText('');
      await nav(page, language === 'English' ? 'Activity' : 'Aktivität').click();
      const headers = page.getByRole('columnheader');
      await expect(headers).toHaveCount(8);
      await expectInsideWidth(headers, 1280);
      // A header that wraps does so between words: each word's letters stay on one line.
      const broken = await headers.evaluateAll((elements) => elements.filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > element.textContent.trim().split(/[\s-]+/).length;
      }).map((element) => element.textContent));
      expect(broken).toEqual([]);
      await expectNoViolations(page);
    });
  }
});

test.describe('360 px: rows as cards', () => {
  test('Domains, Bulk results and Activity keep every row\'s status and message inside the window', async ({ page, sim }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await seedDomain(page, 'a-long-domain-name-on-a-small-screen.example', 'web77');
    await openDomains(page);
    await expect(domainTable(page).getByRole('cell', { name: 'web77' })).toBeVisible();
    await expectInsideWidth(domainTable(page).getByRole('cell'), 360);
    await expectNoViolations(page);

    await nav(page, 'Bulk add').click();
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await page.getByRole('textbox', { name: 'Domains to add' }).fill('card-1.example\nnot valid\ncard-2.example');
    await page.getByRole('button', { name: 'Check' }).click();
    await sim.fault({ method: 'POST', action: 'respond', status: 500, contentType: 'text/plain', body: 'oops', count: 1 });
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Finished:' })).toBeVisible();
    const results = page.getByRole('table', { name: '3 rows' });
    await expect(results.getByRole('cell', { name: 'failed', exact: true })).toBeVisible();
    await expectInsideWidth(results.getByRole('cell'), 360);
    await expectNoViolations(page);

    await nav(page, 'Activity').click();
    const activity = page.getByRole('table', { name: 'Requests, newest first' });
    await expect(activity.getByRole('cell', { name: 'failed', exact: true })).toBeVisible();
    await expectInsideWidth(activity.getByRole('cell'), 360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page);
  });
});

test.describe('honest small things', () => {
  test('first visit: what to do next, and on the simulator where its demo keys are', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('status');
    await expect(notice).toContainText('No API key is set for this browser session. To start, enter the key of your hosting account in Settings');
    await expect(notice).toContainText('This panel runs on the built-in simulator: Settings lists its demo keys.');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoViolations(page);
  });

  test('a hosting server that does not answer: the error and its next step within 3 s of the first failure', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await sim.dropConnections(10);
    await openDomains(page);
    await expect(page.getByRole('alert')).toContainText('then press Refresh', { timeout: 3_000 });
    // The drops not used up would cut the next test's first connections to the simulator.
    await sim.dropConnections(0);
  });

  test('German: the field and the column say Hosting-Account, never Konto', async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
    await nav(page, 'Mehrere hinzufügen').click();
    await page.getByRole('textbox', { name: 'Hosting-Account' }).fill('web77');
    await page.getByRole('textbox', { name: 'Hinzuzufügende Domains' }).fill('de.example');
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await expect(page.getByRole('columnheader', { name: 'Hosting-Account' })).toBeVisible();
    await expect(page.getByText(/Konto/)).toHaveCount(0);
  });
});
