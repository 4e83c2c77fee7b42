import { addDomainButton, documentedBody, expect, fillDomainForm, saveSettings, test } from './support/fixtures.ts';

const API_PATH = '/liveconfig/api/v1/customers/c0002/domains';

test.describe('adding a domain', () => {
  test.beforeEach(async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await page.getByRole('link', { name: 'Add domain' }).click();
  });

  test('an international name is sent once, as punycode, with the documented headers', { tag: '@journey' }, async ({ page, sim }) => {
    await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
    await fillDomainForm(page, { domain: 'Bücher.Example.', account: 'web77' });
    // Before sending, the field says what will be sent in place of what was typed.
    await expect(page.getByText('bücher.example → sent as xn--bcher-kva.example', { exact: true })).toBeVisible();
    await addDomainButton(page).click();

    await expect(page.getByRole('status')).toHaveText(
      'Added bücher.example (xn--bcher-kva.example) to account web77 of customer c0002.',
    );
    const posts = await sim.posts();
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post?.path).toBe(API_PATH);
    expect(post?.body).toBe(JSON.stringify(documentedBody('xn--bcher-kva.example', 'web77')));
    expect(post?.headers).toMatchObject({
      authorization: 'Bearer demo-admin-key',
      accept: 'application/json',
      'accept-language': 'en',
      'content-type': 'application/json',
    });
    expect(post?.headers.cookie).toBeUndefined();
    expect(post?.headers.origin).toBeUndefined();

    // Ready for the next name: the domain clears and takes focus, the rest stays.
    const domain = page.getByRole('textbox', { name: 'Domain name' });
    await expect(domain).toHaveValue('');
    await expect(domain).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Hosting account' })).toHaveValue('web77');
  });

  test('options that mean nothing while their parent is off are sent as off', async ({ page, sim }) => {
    await fillDomainForm(page, { domain: 'straße.de', account: 'web78' });
    await page.getByRole('checkbox', { name: /www/ }).uncheck();
    await page.getByRole('textbox', { name: 'Target path' }).fill('/shop');
    await page.getByRole('checkbox', { name: 'Email' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'DKIM signing' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Web hosting' }).uncheck();
    await expect(page.getByRole('textbox', { name: 'Target path' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Web type' })).toBeDisabled();
    await addDomainButton(page).click();

    await expect(page.getByRole('status')).toContainText('Added straße.de (xn--strae-oqa.de)');
    const [post] = await sim.posts();
    expect(JSON.parse(post?.body ?? '')).toEqual({
      domain: 'xn--strae-oqa.de', account: 'web78', www: false,
      web: { enabled: false, type: 'webspace', target: '/shop' },
      mail: { enabled: false, dkim: false },
    });
  });

  test('a pasted URL is reduced to its host, and the user is told', async ({ page, sim }) => {
    await fillDomainForm(page, { domain: 'https://Example.org/path?x=1', account: 'web77' });
    await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveValue('example.org');
    // Shown without its query: what follows a ? may be a token.
    await expect(page.getByText('Took example.org from the pasted address https://Example.org/path:')).toBeVisible();
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added example.org to account web77 of customer c0002.');
    expect(JSON.parse((await sim.posts())[0]?.body ?? '')).toMatchObject({ domain: 'example.org' });
  });

  test('an address typed by hand is sent as its host, and the user is told', async ({ page, sim }) => {
    await page.getByRole('textbox', { name: 'Domain name' }).pressSequentially('https://example.net/x');
    await expect(page.getByText('Reduced the pasted address to its host name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Hosting account' }).fill('web77');
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added example.net to account web77 of customer c0002.');
    expect(JSON.parse((await sim.posts())[0]?.body ?? '')).toMatchObject({ domain: 'example.net' });
  });

  const refused: [string, RegExp][] = [
    ['192.168.0.1', /IP address/],
    ['localhost', /at least two labels/],
    ['a_b.de', /Underscores/],
    ['-x.de', /hyphen/],
    ['x..de', /empty label/],
    ['ex ample.de', /spaces/],
    ['example.123', /all digits/],
    [`${'a'.repeat(64)}.de`, /longer than 63/],
    ['xn--zz.example', /punycode/],
    ['<script>.de', /not allowed/],
  ];
  for (const [input, message] of refused) {
    test(`refuses ${JSON.stringify(input.slice(0, 20))} on the field, without a request`, async ({ page, sim }) => {
      await fillDomainForm(page, { domain: input, account: 'web77' });
      await addDomainButton(page).click();
      const field = page.getByRole('textbox', { name: 'Domain name' });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
      await expect(field).toHaveValue(input);
      expect(await sim.requests()).toEqual([]);
    });
  }

  test('a bad target path and customer ID are refused before any request', async ({ page, sim }) => {
    await fillDomainForm(page, { customerId: 'c1/../x', domain: 'example.org', account: 'web77' });
    await page.getByRole('textbox', { name: 'Target path' }).fill('/a/../b');
    await addDomainButton(page).click();
    await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveAccessibleDescription(/letters, digits/);
    await expect(page.getByRole('textbox', { name: 'Target path' })).toHaveAccessibleDescription(/"\.\."/);
    expect(await sim.requests()).toEqual([]);
  });

  test('the pasted address\'s note goes once the name is typed by hand, and does not come back for the same name', async ({ page }) => {
    const name = page.getByRole('textbox', { name: 'Domain name' });
    await name.fill('https://www.Example.org/shop');
    await expect(name).toHaveValue('example.org');
    const note = page.getByText(/^Took example\.org from the pasted address/);
    await expect(note).toBeVisible();
    await name.fill('');
    await name.pressSequentially('example.org');
    await expect(name).toHaveValue('example.org');
    await expect(note).toHaveCount(0);
  });

  test('"Hosting account" says it has suggestions, and how many once read', async ({ page, sim }) => {
    await sim.storeDomain('c0002', 'one.example', 'web77');
    await sim.storeDomain('c0002', 'two.example', 'web78');
    const account = page.getByRole('textbox', { name: 'Hosting account' });
    await expect(account).toHaveAccessibleDescription(/pick one the customer's domains use/);
    const before = (await sim.requests()).length;
    await account.press('ArrowDown');
    await expect(page.getByRole('combobox', { name: 'Hosting account' })).toHaveAccessibleDescription('2 known accounts: type or pick (↓).');
    expect((await sim.requests()).slice(before).map((request) => request.method)).toEqual(['GET']);
    // No valid customer: nothing to suggest, nothing said.
    await page.getByRole('textbox', { name: 'Customer ID' }).fill('c1/x');
    await expect(page.getByRole('textbox', { name: 'Hosting account' })).not.toHaveAccessibleDescription(/known|pick/);
  });

  test('"Show request" after an add shows what was sent, not the emptied form beside it', async ({ page }) => {
    await fillDomainForm(page, { domain: 'sent.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added sent.example to account web77 of customer c0002.');
    await page.getByRole('button', { name: 'Show request' }).click();
    const sent = page.getByRole('region', { name: 'Last request sent' });
    await expect(sent.getByRole('heading', { name: 'Request body, exactly as sent' })).toBeVisible();
    await expect(sent).toContainText('{"domain":"sent.example","account":"web77"');
    await expect(page.getByRole('heading', { name: 'Request body', exact: true })).toHaveCount(0);
    // A new name: the draft is a request again, shown above what was sent.
    await page.getByRole('textbox', { name: 'Domain name' }).fill('next.example');
    await expect(page.getByRole('heading', { name: 'Request body', exact: true })).toBeVisible();
    await expect(sent).toBeVisible();
  });

  test('"Show request" shows the exact body and a curl command without the key', async ({ page, sim }) => {
    // A key of the test's own: the demo keys are listed on the (hidden) settings screen.
    await sim.registerKey('marker-show-request-7f3a', 'admin');
    await saveSettings(page, { apiKey: 'marker-show-request-7f3a' });
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'bücher.example', account: 'web77' });
    await page.getByRole('button', { name: 'Show request' }).click();
    const body = JSON.stringify(documentedBody('xn--bcher-kva.example', 'web77'));
    await expect(page.getByText(`--data '${body}'`)).toBeVisible();
    await expect(page.getByText("-H 'Authorization: Bearer <API-Key>'")).toBeVisible();
    await expect(page.locator('body')).not.toContainText('marker-show-request-7f3a');
  });

  test('switching the language to Deutsch sends Accept-Language: de', async ({ page, sim }) => {
    await saveSettings(page, { language: 'Deutsch' });
    await page.getByRole('link', { name: 'Domain hinzufügen' }).click();
    await page.getByRole('textbox', { name: 'Domainname' }).fill('example.net');
    await page.getByRole('textbox', { name: 'Hosting-Account' }).fill('web77');
    await page.getByRole('button', { name: 'Domain hinzufügen' }).click();
    await expect(page.getByRole('status')).toHaveText('example.net wurde zum Account web77 des Kunden c0002 hinzugefügt.');
    expect((await sim.posts())[0]?.headers['accept-language']).toBe('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
