import { openDomains, seedDomain } from './support/domain-list.ts';
import { expectNoViolations } from './support/axe.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';


test('settings screen', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expectNoViolations(page);
});

test('add-domain screen without a key', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status')).toContainText('No API key is set');
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

const DOMAINS_TEXT = {
  English: { empty: '0 domains', three: '3 domains', refresh: 'Refresh', noList: 'This server does not offer a list of domains' },
  Deutsch: { empty: '0 Domains', three: '3 Domains', refresh: 'Aktualisieren', noList: 'Dieser Server bietet keine Domainliste an' },
} as const;

for (const language of ['English', 'Deutsch'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`Domains screen in ${language}, ${colorScheme}: empty, with rows, without a list`, async ({ page, sim }) => {
      const text = DOMAINS_TEXT[language];
      await page.emulateMedia({ colorScheme });
      await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language });
      await openDomains(page);
      await expect(page.getByRole('status')).toHaveText(text.empty);
      await expectNoViolations(page);

      await seedDomain(page, 'xn--bcher-kva.example', 'web77');
      await seedDomain(page, 'example.org', 'web78');
      await seedDomain(page, 'example.net', 'web77');
      await page.getByRole('button', { name: text.refresh }).click();
      await expect(page.getByRole('status')).toHaveText(text.three);
      await expect(page.getByRole('cell', { name: 'bücher.example xn--bcher-kva.example', exact: true })).toBeVisible();
      await expectNoViolations(page);

      await sim.fault({ method: 'GET', pathIncludes: '/domains', action: 'respond', status: 404, contentType: 'text/plain', body: 'Not Found', count: 5 });
      await page.getByRole('button', { name: text.refresh }).click();
      await expect(page.getByText(text.noList)).toBeVisible();
      await expectNoViolations(page);
    });
  }
}
