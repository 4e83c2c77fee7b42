import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 23, must show: out of the box, the simulator's resources as a control panel. A customer
// adds a mailbox by clicking and changes its password from its page; an admin edits an account's
// settings, renews a certificate and opens a forward kept at a flat path.

const API = '/liveconfig/api/v1';
const HTTP_ON_SCREEN = /\b(?:GET|POST|PUT|PATCH|DELETE)\b|\/customers\/|\{[a-zA-Z]+\}/;

test('a customer: Resources → Domains → example.org → Mailboxes → Add mailbox → Save, then its password changed and the mailbox deleted @journey', async ({ page, sim }) => {
  await seedDomain(page, 'example.org', 'web77');
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Domains', exact: true }).click();
  await page.getByRole('table', { name: 'Domains of customer c0002' }).getByRole('link', { name: 'example.org', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'example.org', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 2 })).toBeVisible();

  const before = (await sim.requests()).length;
  await page.getByRole('button', { name: 'Add mailbox' }).click();
  const add = page.getByRole('dialog', { name: 'Add mailbox' });
  await add.getByRole('textbox', { name: 'Local part', exact: true }).fill('sales');
  await add.getByLabel(/^Password/).fill('a-long-secret-1');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByRole('status').filter({ hasText: 'added' })).toBeVisible();
  await expect(add).not.toContainText(HTTP_ON_SCREEN);
  const writes = async () => (await sim.requests()).slice(before).filter((request) => request.method !== 'GET');
  // Exactly the fields typed; customer and domain from where the user stands.
  expect((await writes()).map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['POST', `${API}/customers/c0002/domains/example.org/mailboxes`, { localPart: 'sales', password: 'a-long-secret-1' }],
  ]);
  await add.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('main')).not.toContainText(HTTP_ON_SCREEN);

  // Its page: the password changed there, one PUT to exactly its path.
  await page.getByRole('table', { name: 'Mailboxes' }).getByRole('link', { name: 'sales@example.org' }).click();
  await expect(page.getByRole('heading', { name: 'sales@example.org', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  const password = page.getByRole('dialog', { name: 'Change password' });
  await password.getByLabel(/^Password/).fill('another-long-secret-2');
  await password.getByRole('button', { name: 'Save' }).click();
  await expect(password.getByRole('status')).toContainText(/changed/i);
  expect((await writes()).slice(1).map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['PUT', `${API}/customers/c0002/domains/example.org/mailboxes/sales/password`, { password: 'another-long-secret-2' }],
  ]);
  await password.getByRole('button', { name: 'Close' }).click();
  await expectNoViolations(page);

  // Deleted from its own page once its identifier is typed.
  await page.getByRole('button', { name: 'Delete sales@example.org' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
  await confirm.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('sales');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await writes()).slice(2).map((request) => `${request.method} ${request.path}`))
    .toEqual([`DELETE ${API}/customers/c0002/domains/example.org/mailboxes/sales`]);
});

test('an admin: an account\'s settings edited, a certificate renewed, a forward opened at its flat path', async ({ page, sim }) => {
  await seedDomain(page, 'shop.example', 'web77');
  const forward = await page.request.post(`${API}/customers/c0002/domains/shop.example/forwards`, {
    headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json' }, data: { source: 'info', destinations: ['ben@example.net'] },
  });
  expect(forward.status()).toBe(201);
  const { id } = await forward.json() as { id: string };
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await page.goto('/#/resources/customers/c0002/accounts/web77');
  await expect(page.getByRole('heading', { name: 'web77', level: 2 })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByText('8.3')).toBeVisible();
  const before = (await sim.requests()).length;
  await settings.getByRole('button', { name: 'Edit Settings' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Settings' });
  // Four versions: a radio group.
  await edit.getByRole('radio', { name: '8.4' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('status')).toContainText(/changed|saved/i);
  const writes = async () => (await sim.requests()).slice(before).filter((request) => request.method !== 'GET');
  expect((await writes()).map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
    ['PATCH', `${API}/customers/c0002/accounts/web77/settings`, { phpVersion: '8.4' }],
  ]);
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(settings.getByText('8.4')).toBeVisible();

  // The domain's action, named by its verb: one POST to its path; its certificate shown.
  await page.goto('/#/resources/customers/c0002/domains/shop.example');
  await expect(page.getByRole('region', { name: 'Certificate' })).toBeVisible();
  await page.getByRole('button', { name: 'Renew certificate' }).click();
  await page.getByRole('dialog', { name: 'Renew certificate' }).getByRole('button', { name: 'Renew certificate' }).click();
  await expect(page.getByRole('dialog', { name: 'Renew certificate' }).getByRole('status')).toBeVisible();
  await expect.poll(async () => (await writes()).slice(1).map((request) => `${request.method} ${request.path}`))
    .toEqual([`POST ${API}/customers/c0002/domains/shop.example/actions/renew-certificate`]);
  await page.getByRole('dialog', { name: 'Renew certificate' }).getByRole('button', { name: 'Close' }).click();

  // A two-word list and a forward kept apart from its list: the row opens the flat path.
  await expect(page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link')).toHaveText(['Mailboxes', 'Forwards', 'DNS records']);
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Forwards' }).click();
  await page.getByRole('table', { name: 'Forwards' }).getByRole('link', { name: 'info@shop.example' }).click();
  await expect(page).toHaveURL(new RegExp(`#/resources/customers/c0002/forwards/${id}$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText('info@shop.example');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('info@shop.example');
});
