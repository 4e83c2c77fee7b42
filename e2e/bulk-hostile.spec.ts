import type { Page } from '@playwright/test';
import { expect, saveSettings, test } from './support/fixtures.ts';

async function openBulkAdd(page: Page) {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk add' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk add' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
}

test('markup in a row and in the server\'s message is shown as text, never as HTML', async ({ page, sim }) => {
  await openBulkAdd(page);
  page.on('dialog', () => { throw new Error('a script ran'); });
  await sim.fault({
    method: 'POST', action: 'respond', status: 422, count: 1, contentType: 'application/problem+json',
    body: JSON.stringify({ title: 'Invalid', detail: '<img src=x onerror=alert(1)><b id="srv">bold</b>' }),
  });
  await page.getByRole('textbox', { name: 'Domains to add' }).fill('markup-0.example\n<img src=x onerror=alert(2)><b id="row">x</b>');
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('status').filter({ hasText: /added, .* already present/ })).toContainText('Finished:');
  const table = page.getByRole('table', { name: '2 rows' });
  await expect(table.getByRole('row', { name: /markup-0\.example/ })).toContainText('<b id="srv">bold</b>');
  await expect(table.getByRole('row', { name: /onerror=alert\(2\)/ })).toContainText('<b id="row">x</b>');
  await expect(page.locator('#srv, #row, main img')).toHaveCount(0);
});

test('a single line of nearly 2 MiB: one invalid row, checked without freezing the page', async ({ page, sim }) => {
  await openBulkAdd(page);
  const line = `${'a'.repeat(2 * 1024 * 1024 - 64)}.example`;
  await page.getByLabel('CSV file').setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(line, 'utf8') });
  await expect(page.getByText('long.csv')).toBeVisible();
  const started = Date.now();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 row' })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(page.getByRole('table', { name: '1 row' }).getByRole('row', { name: /aaaa/ })).toBeVisible();
  expect(await sim.posts()).toHaveLength(0);
});
