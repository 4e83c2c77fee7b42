import type { Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

async function expectFormKept(page: Page, domain: string, account: string) {
  await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveValue(domain);
  await expect(page.getByRole('textbox', { name: 'Hosting account' })).toHaveValue(account);
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).not.toHaveValue('');
}

async function openForm(page: Page, apiKey: string, customerId = 'c0002') {
  await saveSettings(page, { apiKey, customerId });
  await page.getByRole('link', { name: 'Add domain' }).click();
}

test('401: the key is wrong, with a way to Settings, and the key is kept', async ({ page, sim }) => {
  await openForm(page, 'not-a-valid-key');
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('did not accept the API key');
  await alert.getByRole('link', { name: 'Check the API key' }).click();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('not-a-valid-key');
  expect(await sim.posts()).toHaveLength(1);
});

test('403 without API permission: accepted but refused, IP restriction explained', async ({ page, sim }) => {
  await openForm(page, 'demo-noperm-key');
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toContainText('accepted the API key but refused');
  await expect(page.getByRole('alert')).toContainText("the proxy's, not your browser's");
  await expect(page.getByRole('alert')).toContainText('no permission to use the API');
  await expectFormKept(page, 'example.org', 'web77');
  expect(await sim.posts()).toHaveLength(1);
});

test('403 for another customer with a customer key', async ({ page }) => {
  await openForm(page, 'demo-customer-key', 'c0001');
  await fillDomainForm(page, { domain: 'example.org', account: 'web1' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toContainText('may not act for this customer');
  await expectFormKept(page, 'example.org', 'web1');
});

test('404: unknown customer', async ({ page }) => {
  await openForm(page, 'demo-admin-key', 'c0099');
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toContainText('does not know this customer or account');
  await expectFormKept(page, 'example.org', 'web77');
});

test('409: the domain exists already', async ({ page, sim }) => {
  await openForm(page, 'demo-admin-key');
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('status')).toContainText('Added example.org');
  await fillDomainForm(page, { domain: 'example.org', account: 'web78' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toContainText('The domain example.org already exists on the server.');
  await expectFormKept(page, 'example.org', 'web78');
  expect(await sim.posts()).toHaveLength(2);
});

test('422: the server refuses a field, shown on that field', async ({ page }) => {
  await openForm(page, 'demo-admin-key');
  await fillDomainForm(page, { domain: 'example.org', account: 'web99' });
  await addDomainButton(page).click();
  const account = page.getByRole('textbox', { name: 'Hosting account' });
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(account).toHaveAccessibleDescription(/web99/);
  await expect(page.getByRole('alert')).toContainText('refused some values');
  await expectFormKept(page, 'example.org', 'web99');
});

test('500 with an HTML body: shown as short text, never as markup', { tag: '@journey' }, async ({ page, sim }) => {
  await openForm(page, 'demo-admin-key');
  await sim.fault({
    method: 'POST', action: 'respond', status: 500, contentType: 'text/html',
    body: '<html><head><title>Internal Error</title></head><body><h1>Oops</h1><img src=x onerror="window.__pwned=1"></body></html>',
  });
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The hosting server failed while handling the request (status 500).');
  await expect(alert).toContainText('Server message: Internal Error');
  await expect(page.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectFormKept(page, 'example.org', 'web77');
});

test('no key: the form says so, links to Settings and sends nothing', async ({ page, sim }) => {
  await page.goto('/');
  await expect(page.getByRole('status')).toContainText('No API key is set for this browser session.');
  await page.getByRole('link', { name: 'Enter your API key' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await sim.requests()).toEqual([]);
});

test('422 for a field the form does not show, and 422 with only a message: nothing is dropped', async ({ page, sim }) => {
  await openForm(page, 'demo-admin-key');
  await sim.fault({
    method: 'POST', action: 'respond', status: 422, contentType: 'application/problem+json',
    body: JSON.stringify({ status: 422, title: 'Invalid', errors: [{ pointer: '#/mail/dkim', detail: 'DKIM is not available on this server' }] }),
  });
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText('DKIM signing (mail.dkim): DKIM is not available on this server');

  await sim.fault({ method: 'POST', action: 'respond', status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Domain quota exceeded' }) });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Server message: Domain quota exceeded');
  await expectFormKept(page, 'example.org', 'web77');
});

test('a 500 with almost 1 MiB of "<title" repeated: explained at once, as text, and the page stays responsive', async ({ page, sim }) => {
  await openForm(page, 'demo-admin-key');
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
  // Under the simulator's 1 MiB cap for what a test sends it; far over the page's 64 KiB.
  await sim.fault({ method: 'POST', action: 'respond', status: 500, contentType: 'text/html', body: '<title'.repeat(150_000) });
  await addDomainButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('(status 500)');
  // Markup in the body is text, never an element: no title slipped into the alert.
  await expect(alert.locator('title')).toHaveCount(0);
  // The page answers input at once: the field takes a key and the form is kept.
  await page.getByRole('textbox', { name: 'Domain name' }).press('End');
  await expectFormKept(page, 'example.org', 'web77');
  expect(await sim.posts()).toHaveLength(1);
});
