import { expectNoViolations } from './support/axe.ts';
import { expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

// Issue 16, item 6: an admin acts for a customer (X-Customer-ID) or a user (X-User-Name).

test('"Act as customer": the header says so, every request of the tab carries it until it is cleared, Activity shows it', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0001' });
  await page.getByRole('textbox', { name: 'Act as customer' }).fill('c0001');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Acting as customer c0001')).toBeVisible();
  await expectNoViolations(page);

  const before = (await sim.requests()).length;
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'acted.example', account: 'web1' });
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByRole('status')).toContainText('Added acted.example');
  await page.getByRole('button', { name: 'Show request' }).click();
  await expect(page.getByText(/X-Customer-ID: c0001/)).not.toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('cell', { name: 'acted.example', exact: true })).toBeVisible();
  const acted = (await sim.requests()).slice(before).filter((request) => request.path.includes('/api/v1/'));
  expect(acted.length).toBeGreaterThanOrEqual(2);
  expect(acted.map((request) => request.headers['x-customer-id'])).toEqual(acted.map(() => 'c0001'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Requests, newest first' }).getByRole('row', { name: /POST .*as customer c0001/ })).toBeVisible();

  // Cleared: the next request goes as the key's own.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Act as customer' }).fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(banner.getByText('Acting as customer')).toHaveCount(0);
  const cleared = (await sim.requests()).length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(async () => (await sim.requests()).length).toBeGreaterThan(cleared);
  const after = (await sim.requests()).slice(cleared);
  expect(after.every((request) => request.headers['x-customer-id'] === undefined)).toBe(true);
});

test('"Act as customer" and "Act as user" at once are refused on the fields; a user alone is sent as X-User-Name', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('textbox', { name: 'Act as customer' }).fill('c0002');
  await page.getByRole('textbox', { name: 'Act as user' }).fill('ben');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Act as user' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('banner').getByText(/Acting as/)).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Act as customer' }).fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('banner').getByText('Acting as user ben')).toBeVisible();
  const before = (await sim.requests()).length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('status')).toHaveText(/domains?$/);
  const sent = (await sim.requests()).slice(before);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.map((request) => request.headers['x-user-name'])).toEqual(sent.map(() => 'ben'));
});

test('the "Acting as" notice stops acting: its button clears it, the next request goes as the key\'s own, and Settings follows', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0001' });
  await page.getByRole('textbox', { name: 'Act as customer' }).fill('c0001');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const banner = page.getByRole('banner');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('status')).toHaveText(/domains?$/);
  await expectNoViolations(page);

  const before = (await sim.requests()).length;
  await banner.getByRole('button', { name: 'Stop acting as c0001' }).click();
  await expect(banner.getByText(/Acting as/)).toHaveCount(0);
  // What was read as c0001 is read again as the key's own.
  await expect.poll(async () => (await sim.requests()).slice(before).filter((request) => request.path.includes('/domains')).length).toBeGreaterThan(0);
  const after = (await sim.requests()).slice(before).filter((request) => request.path.includes('/api/v1/'));
  expect(after.map((request) => request.headers['x-customer-id'])).toEqual(after.map(() => undefined));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Act as customer' })).toHaveValue('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(banner.getByText(/Acting as/)).toHaveCount(0);
  await page.reload();
  await expect(banner.getByText(/Acting as/)).toHaveCount(0);
});
