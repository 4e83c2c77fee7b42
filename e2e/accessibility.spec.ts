import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('settings screen', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expectNoViolations(page);
});

test('add-domain screen without a key', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page);
});

test('add-domain form, with field errors, a server error and the request shown', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await expectNoViolations(page);

  await fillDomainForm(page, { domain: 'a_b.de', account: '' });
  await addDomainButton(page).click();
  await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page);

  await fillDomainForm(page, { domain: 'bücher.example', account: 'web99' });
  await addDomainButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('button', { name: 'Show request' }).click();
  await expectNoViolations(page);

  await fillDomainForm(page, { domain: 'bücher.example', account: 'web77' });
  await addDomainButton(page).click();
  await expect(page.getByRole('status')).toContainText('Added');
  await expectNoViolations(page);
});

test('German interface', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', language: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Domain hinzufügen' }).click();
  await expectNoViolations(page);
});
