import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 23 (first part): the server's resources as a control panel, read from its description,
// reached by clicking: Resources → Domains → a domain → Mailboxes → "Add mailbox" → "Save".

const API = '/liveconfig/api/v1';

test('a customer adds and deletes a mailbox by clicking, with nothing typed that the panel knows @journey', async ({ page, sim }) => {
  await seedDomain(page, 'shop.example', 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  const resources = page.getByRole('navigation', { name: 'Resources' });
  await expect(resources.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  // One screen per thing: the domain list is the Domains screen, its rows lead to their pages.
  await resources.getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page).toHaveURL(/#\/domains$/);
  await page.getByRole('table', { name: /domains/i }).getByRole('link', { name: 'shop.example', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'shop.example', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 2 })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link')).toHaveText(['All resources', 'Domains', 'shop.example', 'Mailboxes']);

  const before = (await sim.requests()).length;
  await page.getByRole('button', { name: 'Add mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add mailbox' });
  await expect(dialog.getByText('For customer c0002 · shop.example.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Local part', exact: true }).fill('info');
  await dialog.getByLabel(/^Password/).fill('a-long-secret-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'added' })).toBeVisible();
  const writes = (await sim.requests()).slice(before).filter((request) => request.method !== 'GET');
  expect(writes.map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['POST', `${API}/customers/c0002/domains/shop.example/mailboxes`, { localPart: 'info', password: 'a-long-secret-1' }],
  ]);
  await expect(dialog).not.toContainText(/POST|\/customers\//);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Mailboxes' }).getByRole('row', { name: /info/ })).toBeVisible();
  await expectNoViolations(page);

  // A reload keeps the screen; every breadcrumb level opens its own.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 2 })).toBeVisible();
  await breadcrumb.getByRole('link', { name: 'shop.example' }).click();
  await expect(page.getByRole('heading', { name: 'shop.example', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 2 })).toBeVisible();

  // Delete: nothing goes before the identifier is typed.
  const row = page.getByRole('table', { name: 'Mailboxes' }).getByRole('row', { name: /info/ });
  await row.getByRole('button', { name: /^Delete / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('info');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await sim.requests()).filter((request) => request.method === 'DELETE').map((request) => request.path))
    .toEqual([`${API}/customers/c0002/domains/shop.example/mailboxes/info`]);
});

test('an admin goes from customers to a customer\'s domains by clicking', async ({ page }) => {
  await seedDomain(page, 'admin-view.example', 'web77');
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await page.goto('/#/resources');
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 2 })).toBeVisible();
  // Its accounts name items of the accounts list: each a link.
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row', { name: /Ben Schulz/ }).getByRole('link', { name: 'web78', exact: true }))
    .toHaveAttribute('href', '#/resources/customers/c0002/accounts/web78');
  // A customer's row is named by its name and opens its page; its lists belong to it.
  await page.getByRole('table', { name: 'Customers' }).getByRole('link').filter({ hasText: /Ben Schulz/ }).click();
  await expect(page.getByRole('heading', { name: 'Ben Schulz', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Domains' }).click();
  // The Domains screen, for the customer the path names.
  await expect(page).toHaveURL(/#\/domains$/);
  await expect(page.getByRole('table', { name: 'Domains of customer c0002' }).getByRole('link', { name: 'admin-view.example', exact: true })).toBeVisible();
  // A row's account names a hosting account of the customer: a link to it.
  await page.getByRole('row', { name: /admin-view\.example/ }).getByRole('link', { name: 'web77', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'web77', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['All resources', 'Customers', 'Ben Schulz', 'Accounts', 'web77']);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoViolations(page);
});
