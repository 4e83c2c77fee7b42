import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 22, items 6 and 7: an operation's page leads with its form (the documentation folded
// below it), and an answer reads as data, not as JSON.

async function openOperation(page: Page, operationId: string) {
  await page.goto(`/#/api/op/${operationId}`);
  await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
}

/** The element's box lies wholly within the viewport, as the page is scrolled now. */
async function expectInViewport(page: Page, element: Locator) {
  const viewport = page.viewportSize();
  const box = await element.boundingBox();
  expect(viewport).not.toBeNull();
  expect(box).not.toBeNull();
  if (!viewport || !box) return;
  expect(box.y, 'below the top').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `within the first ${String(viewport.height)} px`).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, `within ${String(viewport.width)} px`).toBeLessThanOrEqual(viewport.width);
}

test('an operation\'s page leads with its form: the first field in the first screenful at 1280 and 360 px, the first Tab from the heading in it, the documentation folded below', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await openOperation(page, 'getDomain');
  const form = page.getByRole('region', { name: 'Send this read' });
  const first = form.getByRole('textbox', { name: /^Customer ID/ });
  await expect(first).toBeVisible();
  await expectInViewport(page, first);
  // No schema toggle, link or button between the heading and the first field.
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();

  // The documentation is there, closed, after the form; its schemas render once it is opened.
  const docs = page.getByText(/^Documentation: /);
  await expect(docs).toHaveText('Documentation: parameters and responses');
  await expect(page.getByRole('heading', { name: 'Responses' })).toHaveCount(0);
  const send = form.getByRole('button', { name: 'Send' });
  expect((await send.boundingBox())?.y ?? Infinity).toBeLessThan((await docs.boundingBox())?.y ?? 0);
  await docs.click();
  await expect(page.getByRole('heading', { name: 'Responses', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Parameters', level: 3 })).toBeVisible();
  await expect(page.getByText('operationId: getDomain')).toBeVisible();

  // A write leads with its fields too.
  await openOperation(page, 'addDomain');
  const write = page.getByRole('region', { name: 'Send this write' });
  const firstOfWrite = write.getByRole('textbox', { name: /^Customer ID/ });
  await expectInViewport(page, firstOfWrite);
  await page.keyboard.press('Tab');
  await expect(firstOfWrite).toBeFocused();

  // At 360 px as well.
  await page.setViewportSize({ width: 360, height: 740 });
  await openOperation(page, 'getDomain');
  await expectInViewport(page, form.getByRole('textbox', { name: /^Customer ID/ }));
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: /^Customer ID/ })).toBeFocused();
  await expectNoViolations(page);
});

test('an answer reads as data: lists as "web1, web2", objects as pairs, yes and no, an empty list as "No items"', async ({ page, sim }) => {
  // A fresh simulator: customer c0002 has no domains yet.
  await sim.reset();
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });

  // The domains of a customer who has none: no "[0]", no brackets.
  await openOperation(page, 'listDomains');
  const form = page.getByRole('region', { name: 'Send this read' });
  await form.getByRole('button', { name: 'Send' }).click();
  const answer = form.getByRole('region', { name: 'Answer', exact: true });
  await expect(answer.getByRole('status').filter({ hasText: 'Status 200' })).toBeVisible();
  await expect(answer.getByText('No items', { exact: true })).toBeVisible();
  await expect(answer).not.toContainText('[0]');
  // Raw JSON is one press away.
  await answer.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(answer.getByText('[]', { exact: true })).toBeVisible();

  // The customers' accounts, a list of strings in each row.
  await openOperation(page, 'listCustomers');
  await page.getByRole('region', { name: 'Send this read' }).getByRole('button', { name: 'Send' }).click();
  const customers = page.getByRole('table', { name: 'Answer rows' });
  await expect(customers.getByRole('cell', { name: 'web1, web2', exact: true })).toBeVisible();
  await expect(customers.getByRole('cell', { name: 'web77, web78', exact: true })).toBeVisible();
  await expect(customers).not.toContainText('["');

  // A domain: its settings as pairs, booleans as yes and no.
  await seedDomain(page, 'data.example', 'web77');
  await openOperation(page, 'listDomains');
  await page.getByRole('region', { name: 'Send this read' }).getByRole('button', { name: 'Send' }).click();
  const domains = page.getByRole('table', { name: 'Answer rows' });
  await expect(domains.getByRole('cell', { name: 'data.example', exact: true })).toBeVisible();
  await expect(domains.getByRole('cell', { name: 'enabled: yes · dkim: yes', exact: true })).toBeVisible();
  await expect(domains.getByRole('cell', { name: 'yes', exact: true })).toBeVisible();
  await expect(domains).not.toContainText('{"');
  await page.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(page.getByText(/"dkim":true/)).toBeVisible();
});

test('in German: "Keine Einträge" for an empty list, ja and nein in cells', async ({ page, sim }) => {
  await sim.reset();
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
  await openOperation(page, 'listDomains');
  const form = page.getByRole('region', { name: 'Diese lesende Anfrage senden' });
  await form.getByRole('button', { name: 'Senden' }).click();
  await expect(form.getByRole('region', { name: 'Antwort', exact: true }).getByText('Keine Einträge', { exact: true })).toBeVisible();

  await seedDomain(page, 'daten.example', 'web77');
  await form.getByRole('button', { name: 'Senden' }).click();
  const rows = page.getByRole('table', { name: 'Zeilen der Antwort' });
  await expect(rows.getByRole('cell', { name: 'enabled: ja · dkim: ja', exact: true })).toBeVisible();
});
