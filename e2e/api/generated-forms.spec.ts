import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { seedDomain } from '../support/domain-list.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 22: a form generated from the server's description reads like the hand-built ones:
// human labels, checkboxes, choices named by what they set, known values as text, no
// Markdown punctuation, and values the server can list offered as suggestions.

const API = '/liveconfig/api/v1';

async function openOperation(page: Page, operationId: string) {
  await page.goto(`/#/api/op/${operationId}`);
  await expect(page.getByRole('region', { name: 'Send this write' }).or(page.getByRole('region', { name: 'Send this read' }))).toBeVisible();
}

/** The accessible names of every field of the operation's form. */
async function fieldNames(form: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const role of ['textbox', 'checkbox', 'combobox', 'radio', 'spinbutton'] as const) {
    for (const field of await form.getByRole(role).all()) {
      names.push(await field.evaluate((element) => {
        const labelled = element.closest('label')?.textContent ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : undefined);
        return (labelled ?? element.closest('fieldset')?.querySelector('legend')?.textContent ?? '').trim();
      }));
    }
  }
  return names;
}

test('a customer key: the customer is filled and shown as text, labels are words, booleans checkboxes, hints without Markdown punctuation', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-customer-key' });
  await openOperation(page, 'addMailbox');
  const form = page.getByRole('region', { name: 'Send this write' });
  // The description allows this key one customer: it is filled, not asked.
  await expect(form.getByText('For customer c0002.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /Customer ID/ })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Local part', exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Quota (MiB) (optional)', exact: true })).toHaveValue('');
  // The wire name stays at hand, as code beside the label.
  await expect(form.getByRole('textbox', { name: 'Local part', exact: true })).toHaveAccessibleDescription(/^localPart/);

  const names = await fieldNames(form);
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    expect(name, 'no camelCase or snake_case wire name as a label').not.toMatch(/^[a-z]+(?:[A-Z][a-z]*)+\b|^[a-z]+_[a-z_]+\b/);
    expect(name, 'no "(path, required)"').not.toMatch(/\((?:path|query|header)/);
  }
  const hints = await form.locator('.hint').allTextContents();
  expect(hints.join(' ')).not.toMatch(/[`*]/);
  await expectNoViolations(page);

  // The change form: booleans are checkboxes, the web variants a choice named "Web type".
  await openOperation(page, 'changeDomain');
  const change = page.getByRole('region', { name: 'Send this write' });
  await expect(change.getByRole('checkbox', { name: /^www/ })).toBeVisible();
  await expect(change.getByRole('checkbox', { name: /^DKIM/ })).toBeVisible();
  await expect(change.getByRole('combobox', { name: 'Web type' })).toBeVisible();
  await expect(change.getByRole('combobox', { name: /Variant/ })).toHaveCount(0);
  await expectNoViolations(page);
});

test('the values a description can list are offered when the user reaches for them, and a host name is typed as people write it', async ({ page, sim }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await seedDomain(page, 'listed.example', 'web77');
  await seedDomain(page, 'xn--bcher-kva.example', 'web77');
  await openOperation(page, 'getDomain');
  const form = page.getByRole('region', { name: 'Send this read' });
  await expect(form.getByText('For customer c0002.')).toBeVisible();
  const domain = form.getByRole('textbox', { name: 'Domain', exact: true });
  await expect(domain).toHaveAccessibleDescription(/Press ↓ for the values the server lists/);
  // Focus alone reads nothing.
  const before = (await sim.requests()).length;
  await domain.focus();
  expect(await sim.requests()).toHaveLength(before);
  await domain.press('ArrowDown');
  const suggested = form.getByRole('combobox', { name: 'Domain', exact: true });
  await expect.poll(() => suggested.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value))).toEqual(
    expect.arrayContaining(['listed.example', 'xn--bcher-kva.example']),
  );
  expect((await sim.requests()).filter((request) => request.method === 'GET' && request.path === `${API}/customers/c0002/domains`)).toHaveLength(1);

  // Typed in Unicode, sent in the server's ASCII form.
  await suggested.fill('Bücher.example');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Status 200' })).toBeVisible();
  expect((await sim.requests()).map((request) => request.path)).toContain(`${API}/customers/c0002/domains/xn--bcher-kva.example`);
});
