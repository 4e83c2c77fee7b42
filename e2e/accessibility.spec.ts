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

for (const scheme of ['light', 'dark'] as const) {
  test(`unticked boxes and unselected radio buttons stand out from their card by at least 3:1 (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add domain' }).click();
    const box = page.getByRole('checkbox', { name: 'Web hosting' });
    await box.uncheck();
    // A radio button of the page's own kind, in a card as the generated forms have them.
    await page.evaluate(() => {
      const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'contrast-probe' });
      document.querySelector('form.form')?.append(radio);
    });
    const ratios = await page.evaluate(() => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = rgb(color).map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const backgroundOf = (element: Element | null): string => {
        for (let at = element; at; at = at.parentElement) {
          const color = getComputedStyle(at).backgroundColor;
          if (!/rgba\(.*, 0\)$/.test(color) && color !== 'transparent') return color;
        }
        return 'rgb(255, 255, 255)';
      };
      const ratio = (a: string, b: string) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05); };
      return [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]:not(:checked):not(:disabled), input[type=radio]:not(:checked)')]
        .filter((input) => input.checkVisibility())
        // Drawn by the page (appearance none): its border is what is seen, and what is measured.
        .map((input) => (getComputedStyle(input).appearance === 'none' ? ratio(getComputedStyle(input).borderTopColor, backgroundOf(input.parentElement)) : 0));
    });
    expect(ratios.length).toBeGreaterThanOrEqual(2);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3);
  });
}

test('at 360 px a card\'s column names never break inside a word (German)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
  for (const [screen, table] of [['API', /Operationen/], ['Aktivität', /Anfragen/]] as const) {
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: screen, exact: true }).click();
    await expect.poll(() => page.getByRole('table', { name: table }).getByRole('row').count()).toBeGreaterThan(1);
    const tooNarrow = await page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d');
      const found: string[] = [];
      for (const cell of document.querySelectorAll<HTMLElement>('[data-screen]:not([hidden]) td[data-label]')) {
        const label = cell.dataset.label ?? '';
        const style = getComputedStyle(cell, '::before');
        if (!canvas || label === '') continue;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const longestWord = Math.max(...label.split(/\s+/).map((word) => canvas.measureText(word).width));
        const column = Number.parseFloat(getComputedStyle(cell).gridTemplateColumns.split(' ')[0] ?? '0');
        if (column + 0.5 < longestWord) found.push(`${label}: ${String(column)} < ${String(longestWord)}`);
      }
      return found;
    });
    expect(tooNarrow).toEqual([]);
  }
});
