import type { Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

const STORAGE_KEY = 'hosting-panel.settings';

/** How the settings screen takes a value as API key: only visible ASCII can go into a header. */
type KeyVerdict = 'accepted' | 'refused';

/** What a careless paste or a hostile user can put into any text field. */
const HOSTILE: [string, string, KeyVerdict][] = [
  ['10,000 characters', `${'<b>a&amp;'.repeat(1_000)}${'z'.repeat(1_000)}`, 'accepted'],
  ['control characters', 'c\u0000\u0007\u001b[31mred\u001b[0m', 'refused'],
  ['a right-to-left override', '\u202Eevil\u202C', 'refused'],
  ['Hebrew and Arabic', 'שלום عالم', 'refused'],
  ['emoji', '🏳️‍🌈👨‍👩‍👧', 'refused'],
  ['markup', '<script>alert(1)</script>', 'accepted'],
];

/** The API key field after saving: `ariaInvalid` reflects the aria-invalid attribute (null: absent). */
const KEY_FIELD: Record<KeyVerdict, { ariaInvalid: string | null; description: RegExp }> = {
  accepted: { ariaInvalid: null, description: /^Create one in the hosting panel/ },
  refused: { ariaInvalid: 'true', description: /^An API key has only visible ASCII characters/ },
};

const FORM_FIELDS = ['Customer ID', 'Domain name', 'Hosting account', 'Target path'] as const;

/** Dialogs (alert(1) if markup ever ran) and page errors, for the whole test. */
function watchForTrouble(page: Page) {
  const trouble: string[] = [];
  page.on('dialog', (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => { trouble.push(`page error: ${error.message}`); });
  return trouble;
}

async function expectUsable(page: Page) {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test.describe('the add-domain form with hostile input', () => {
  test.beforeEach(async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await page.getByRole('link', { name: 'Add domain' }).click();
  });

  for (const [what, value] of HOSTILE) {
    test(`${what} in every field: refused on each field, nothing sent, then a valid add works`, async ({ page, sim }) => {
      const trouble = watchForTrouble(page);
      for (const name of FORM_FIELDS) await page.getByRole('textbox', { name }).fill(value);
      await addDomainButton(page).click();

      for (const name of FORM_FIELDS) {
        const field = page.getByRole('textbox', { name });
        await expect(field, name).toHaveAttribute('aria-invalid', 'true');
        await expect(field, name).toHaveValue(value);
      }
      await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveAccessibleDescription(/./);
      await expectUsable(page);
      await expect(page.getByRole('status')).toHaveText('');
      expect(await sim.requests()).toEqual([]);

      // Corrected, the same form adds the domain.
      await page.getByRole('textbox', { name: 'Target path' }).fill('/');
      await fillDomainForm(page, { customerId: 'c0002', domain: 'corrected.example', account: 'web77' });
      await addDomainButton(page).click();
      await expect(page.getByRole('status')).toHaveText('Added corrected.example to account web77 of customer c0002.');
      for (const name of FORM_FIELDS) await expect(page.getByRole('textbox', { name }), name).not.toHaveAttribute('aria-invalid', 'true');
      const posts = await sim.posts();
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0]?.body ?? '')).toMatchObject({ domain: 'corrected.example', account: 'web77', web: { target: '/' } });
      expect(trouble).toEqual([]);
    });
  }

  for (const customerId of ['..', 'c1/../x', '%2e%2e', 'a b', 'ü']) {
    test(`customer ID ${JSON.stringify(customerId)} never becomes a request path`, async ({ page, sim }) => {
      await fillDomainForm(page, { customerId, domain: 'example.org', account: 'web77' });
      await addDomainButton(page).click();
      const field = page.getByRole('textbox', { name: 'Customer ID' });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/letters, digits/);
      await expect(field).toHaveValue(customerId);
      await expect(page.getByRole('textbox', { name: 'Domain name' })).not.toHaveAttribute('aria-invalid', 'true');
      // Enter in the field is a second way to submit: still nothing.
      await field.press('Enter');
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectUsable(page);
      expect(await sim.requests()).toEqual([]);
    });
  }
});

test.describe('Settings with hostile input', () => {
  for (const [what, value, keyVerdict] of HOSTILE) {
    test(`${what} as API key and customer ID: the page stays usable and sends nothing`, async ({ page, sim }) => {
      const trouble = watchForTrouble(page);
      await saveSettings(page, { apiKey: value, customerId: value });
      const customer = page.getByRole('textbox', { name: 'Customer ID' });
      const apiKey = page.getByLabel('API key', { exact: true });
      await expect(customer).toHaveAttribute('aria-invalid', 'true');
      await expect(customer).toHaveAccessibleDescription(/letters, digits/);
      await expect(customer).toHaveValue(value);
      await expect(apiKey).toHaveValue(value);
      await expect(apiKey).toHaveJSProperty('ariaInvalid', KEY_FIELD[keyVerdict].ariaInvalid);
      await expect(apiKey).toHaveAccessibleDescription(KEY_FIELD[keyVerdict].description);
      await expect(page.getByRole('status')).toHaveText('');
      expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
      await expectUsable(page);
      expect(await sim.requests()).toEqual([]);

      // Corrected, the settings save and an add goes through.
      await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
      await expect(page.getByRole('status')).toHaveText('Settings saved.');
      await expect(customer).not.toHaveAttribute('aria-invalid', 'true');
      await expect(apiKey).not.toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('link', { name: 'Add domain' }).click();
      await fillDomainForm(page, { domain: 'settings-fixed.example', account: 'web77' });
      await addDomainButton(page).click();
      await expect(page.getByRole('status')).toHaveText('Added settings-fixed.example to account web77 of customer c0002.');
      expect(await sim.posts()).toHaveLength(1);
      expect(trouble).toEqual([]);
    });
  }

  for (const apiKey of ['key\u0007bell', 'schlüssel-123', '\u202Eevil\u202C', '🔑-key']) {
    test(`the API key ${JSON.stringify(apiKey)} is refused before it could make fetch() fail`, async ({ page, sim }) => {
      await saveSettings(page, { apiKey, customerId: 'c0002' });
      const field = page.getByLabel('API key', { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/only visible ASCII characters/);
      expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
      await page.getByRole('link', { name: 'Add domain' }).click();
      await expect(page.getByRole('status')).toContainText('No API key is set');
      expect(await sim.requests()).toEqual([]);
    });
  }

  for (const customerId of ['..', 'c1/../x', '%2e%2e', 'a b', 'ü']) {
    test(`customer ID ${JSON.stringify(customerId)} is not saved and never reaches a request`, async ({ page, sim }) => {
      await saveSettings(page, { apiKey: 'demo-admin-key', customerId });
      const field = page.getByRole('textbox', { name: 'Customer ID' });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveValue(customerId);
      expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
      expect(await sim.requests()).toEqual([]);
    });
  }
});
