import type { Page } from '@playwright/test';
import { de } from '../src/lib/i18n/de.ts';
import { en as enFirst, type MessageKey } from '../src/lib/i18n/en.ts';
import { enApi } from '../src/lib/i18n/en-api.ts';
import { expect, saveSettings, test } from './support/fixtures.ts';

const en: Record<MessageKey, string> = { ...enFirst, ...enApi };

// Every piece of English text the panel can show, cut at its placeholders, where German says it
// differently: none of them may be on a German page. Short pieces ("HTTP", "{count} rows" → "rows")
// are left out, as German shares them or they are too short to tell.
const ENGLISH_ONLY = [...new Set((Object.keys(en) as MessageKey[])
  .filter((key) => en[key] !== de[key])
  .flatMap((key) => en[key].split(/\{\w+\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 12))];

async function englishOnPage(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return ENGLISH_ONLY.filter((piece) => text.includes(piece));
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name });

test('German everywhere: no English text on any screen, and every request asks for German', async ({ page, sim }) => {
  expect(ENGLISH_ONLY.length).toBeGreaterThan(100);
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  expect(await englishOnPage(page)).toEqual([]);

  await nav(page, 'Mehrere hinzufügen').click();
  await page.getByRole('textbox', { name: 'Hosting-Account' }).fill('web77');
  await page.getByRole('textbox', { name: 'Hinzuzufügende Domains' }).fill('de-1.example\nde-2.example\na_b.example\nde-1.example');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Noch wurde nichts gesendet' })).toContainText('4 Zeilen: 2 bereit, 1 ungültig, 1 doppelt');
  await page.getByRole('button', { name: 'Starten' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'hinzugefügt' })).toContainText('Fertig');
  await expect(page.getByRole('progressbar', { name: 'Fortschritt' })).toBeVisible();
  expect(await englishOnPage(page)).toEqual([]);

  await nav(page, 'Domainliste').click();
  await expect(page.getByRole('heading', { name: 'Domainliste' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'de-2.example', exact: true })).toBeVisible();
  expect(await englishOnPage(page)).toEqual([]);

  await nav(page, 'Domain hinzufügen').click();
  await page.getByRole('textbox', { name: 'Domainname' }).fill('a_b.example');
  await page.getByRole('button', { name: 'Domain hinzufügen' }).click();
  await expect(page.getByRole('textbox', { name: 'Domainname' })).toHaveAttribute('aria-invalid', 'true');
  expect(await englishOnPage(page)).toEqual([]);

  await nav(page, 'Aktivität').click();
  await expect(page.getByRole('heading', { name: 'Aktivität' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Anfragen, neueste zuerst' })).toBeVisible();
  expect(await englishOnPage(page)).toEqual([]);

  const requests = await sim.requests();
  expect(requests.length).toBeGreaterThanOrEqual(3);
  expect(requests.map((request) => request.headers['accept-language'])).toEqual(requests.map(() => 'de'));
});

test('a browser asking for German gets German on the first visit, until the user picks a language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/#/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  expect(await englishOnPage(page)).toEqual([]);

  // An explicit pick wins over the browser's, through a reload.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await context.close();

  // A browser that asks for a language the panel does not speak before German.
  const other = await browser.newContext({ locale: 'fr-FR' });
  const otherPage = await other.newPage();
  await otherPage.goto('/#/settings');
  await expect(otherPage.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await other.close();
});
