import { expect, saveSettings, test } from './support/fixtures.ts';

const STORAGE_KEY = 'hosting-panel.settings';

test('the key survives a reload, lives only in sessionStorage, and is gone in a new browser context', { tag: '@journey' }, async ({ page, browser }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await page.reload();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('demo-admin-key');
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');

  const stored = await page.evaluate((key) => ({
    session: Object.keys(sessionStorage),
    value: sessionStorage.getItem(key),
    local: localStorage.length,
    cookies: document.cookie,
  }), STORAGE_KEY);
  // The language is the tab's, in an entry of its own; the key only in the server's settings.
  expect(stored.session.sort()).toEqual(['hosting-panel.language', STORAGE_KEY]);
  expect(JSON.parse(stored.value ?? '{}')).toMatchObject({ apiKey: 'demo-admin-key', customerId: 'c0002' });
  expect(stored.local).toBe(0);
  expect(stored.cookies).toBe('');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/#/settings');
  await expect(other.getByLabel('API key', { exact: true })).toHaveValue('');
  await other.getByRole('link', { name: 'Add domain' }).click();
  await expect(other.getByRole('status')).toContainText('No API key is set');
  await fresh.close();
});

test('Forget API key removes the key and leaves the form without one', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('button', { name: 'Forget API key' }).click();
  await expect(page.getByRole('status')).toHaveText('The API key was removed from this browser session.');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY);
  expect(stored).not.toContain('demo-admin-key');
  await page.reload();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
  await page.getByRole('link', { name: 'Add domain' }).click();
  await expect(page.getByRole('status')).toContainText('No API key is set');
});

test('the key can be shown and hidden', async ({ page }) => {
  await page.goto('/#/settings');
  const key = page.getByLabel('API key', { exact: true });
  await key.fill('secret-value');
  const toggle = page.getByRole('button', { name: 'Show API key' });
  await expect(key).toHaveCSS('-webkit-text-security', 'disc');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(key).toHaveCSS('-webkit-text-security', 'none');
  await toggle.click();
  await expect(key).toHaveCSS('-webkit-text-security', 'disc');
  // A text field, never type=password: the browser must not offer to store the key.
  await expect(page.locator('input[type=password]')).toHaveCount(0);
});

for (const bad of ['..', 'c1/../x', '%2e%2e']) {
  test(`customer ID ${bad} is refused before anything is saved`, async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: bad });
    const field = page.getByRole('textbox', { name: 'Customer ID' });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/letters, digits/);
    await expect(field).toHaveValue(bad);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
  });
}

test('on the simulator the settings screen says so and lists the demo keys', async ({ page }) => {
  await page.goto('/#/settings');
  const notice = page.getByRole('complementary', { name: 'Running on the built-in simulator' });
  await expect(notice).toContainText('demo-admin-key');
  await expect(notice).toContainText('demo-customer-key');
  await expect(notice).toContainText('demo-noperm-key');
});

test('"Settings saved." offers the next step: back to the screen the user came from, else adding a domain', async ({ page }) => {
  const main = page.getByRole('main');
  // Opened on Settings: nowhere to go back to.
  await saveSettings(page, { apiKey: 'demo-customer-key', customerId: 'c0002' });
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await expect(main.getByRole('link')).toHaveText(['Next: add a domain']);
  await main.getByRole('link', { name: 'Next: add a domain' }).click();
  await expect(page.getByRole('heading', { name: 'Add domain', level: 1 })).toBeFocused();

  // From Domains, by way of the navigation: back there.
  await page.goto('/#/domains');
  await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await main.getByRole('link', { name: 'Back to Domains' }).click();
  await expect(page).toHaveURL(/#\/domains$/);
  await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeFocused();

  // The message and its link go with the next edit.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(main.getByRole('link', { name: 'Back to Domains' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Customer ID' }).fill('c0001');
  await expect(main.getByRole('link', { name: 'Back to Domains' })).toHaveCount(0);
});
