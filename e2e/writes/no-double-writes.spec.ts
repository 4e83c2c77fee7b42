import type { Page } from '@playwright/test';
import { seedDomain } from '../support/domain-list.ts';
import { addDomainButton, expect, fillDomainForm, saveSettings, test, untilChecksEnd } from '../support/fixtures.ts';
import type { SimControl } from '../support/sim-control.ts';

// Issue 21: nothing between the page and the hosting server may send a write twice. Chromium
// resends a request on its own when it gets a 408 on a kept-alive connection (and a 421 on any):
// a server that stored the write and then answered 408 would get it again. The proxy (Node and
// nginx alike) never passes such a status on; the page sees a marked "maybe sent" and checks.

const API = '/liveconfig/api/v1';

const writes = async (sim: SimControl) => (await sim.requests()).filter((request) => request.method !== 'GET' && request.method !== 'HEAD');

async function openOperation(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name.split(' ')[1] ?? name);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name.split(' ')[1] ?? name);
}

test.describe('a status a browser resends on: one request reaches the server per press', { tag: '@journey' }, () => {
  test.beforeEach(async ({ page }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  });

  for (const status of [408, 421]) {
    test(`"Add domain" answered ${status} after the server stored it: one POST, checked, found`, async ({ page, sim }) => {
      await page.getByRole('link', { name: 'Add domain' }).click();
      await fillDomainForm(page, { domain: `twice-${status}.example`, account: 'web77' });
      await sim.fault({ method: 'POST', pathIncludes: '/domains', action: 'respond', when: 'after', status, count: 1 });
      await addDomainButton(page).click();
      await expect(page.getByRole('status')).toHaveText(`Checked: twice-${status}.example was added to account web77.`);
      expect((await writes(sim)).map((request) => request.method)).toEqual(['POST']);
    });
  }

  test('"Add domain" answered 408 before the server acted: unknown, and a second press sends nothing without the user\'s word', async ({ page, sim }) => {
    await page.clock.install();
    await page.getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'not-yet.example', account: 'web77' });
    await sim.fault({ method: 'POST', pathIncludes: '/domains', action: 'respond', status: 408, count: 1 });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toContainText('It is not known whether not-yet.example was added');
    await untilChecksEnd(page);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('button', { name: 'I understand it may be added twice; send again' })).toBeVisible();
    await addDomainButton(page).click();
    await expect(alert.getByRole('button', { name: 'I understand it may be added twice; send again' })).toBeVisible();
    expect((await writes(sim)).map((request) => request.method)).toEqual(['POST']);
    expect(await sim.domains()).not.toContainEqual(expect.objectContaining({ domain: 'not-yet.example' }));
  });

  test('a generated write answered 408 after the server stored it: one POST, checked with the description\'s read', async ({ page, sim }) => {
    await seedDomain(page, 'mail408.example', 'web77');
    await sim.fault({ method: 'POST', pathIncludes: '/mailboxes', action: 'respond', when: 'after', status: 408, count: 1 });
    await openOperation(page, 'POST /customers/{customerId}/domains/{domain}/mailboxes');
    await expect(page.getByText('For customer c0002.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Domain/ }).fill('mail408.example');
    await page.getByRole('textbox', { name: /^Local part/ }).fill('info');
    await page.getByLabel(/^Password/).fill('another-long-password');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A read shows it took effect' })).toBeVisible();
    expect((await writes(sim)).filter((request) => request.path.endsWith('/mailboxes')).map((request) => request.method)).toEqual(['POST']);
  });

  test('a confirmed delete answered 408 after the server deleted: one DELETE', async ({ page, sim }) => {
    await seedDomain(page, 'gone408.example', 'web77');
    await sim.fault({ method: 'DELETE', action: 'respond', when: 'after', status: 408, count: 1 });
    await openOperation(page, 'DELETE /customers/{customerId}/domains/{domain}');
    await expect(page.getByText('For customer c0002.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Domain/ }).fill('gone408.example');
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await dialog.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('gone408.example');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A read shows it took effect' })).toBeVisible();
    expect((await writes(sim)).filter((request) => request.method === 'DELETE').map((request) => request.path))
      .toEqual([`${API}/customers/c0002/domains/gone408.example`]);
  });
});

test.describe('a redirect is never followed with a write', { tag: '@journey' }, () => {
  for (const status of [307, 308]) {
    test(`"Add domain" answered ${status} to the same address: one POST, the outcome checked`, async ({ page, sim }) => {
      await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
      await page.getByRole('link', { name: 'Add domain' }).click();
      await fillDomainForm(page, { domain: `moved-${status}.example`, account: 'web77' });
      await sim.fault({ method: 'POST', pathIncludes: '/domains', action: 'respond', when: 'after', status, count: 1, headers: { Location: `${API}/customers/c0002/domains` } });
      await addDomainButton(page).click();
      await expect(page.getByRole('status')).toHaveText(`Checked: moved-${status}.example was added to account web77.`);
      expect((await writes(sim)).map((request) => request.method)).toEqual(['POST']);
    });
  }
});

test.describe('the guard\'s target is the resource, however its name is typed', () => {
  test('after an unknown DELETE of a.example, a DELETE of A.EXAMPLE asks first and sends nothing', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
    await seedDomain(page, 'case.example', 'web77');
    await page.clock.install();
    await sim.fault({ method: 'DELETE', action: 'reset', count: 1 });
    await openOperation(page, 'DELETE /customers/{customerId}/domains/{domain}');
    await expect(page.getByText('For customer c0002.')).toBeVisible();
    // A text field that becomes a combobox once the domains it can take are read (typing reaches for them).
    const domain = page.getByRole('region', { name: 'Send this write' }).getByLabel(/^Domain/);
    await domain.fill('case.example');
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('case.example');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    // The reset came before the server acted: every read still shows the domain.
    await expect.poll(async () => {
      await page.clock.fastForward(60_000);
      return (await page.getByRole('alert').allTextContents()).join(' ');
    }, { timeout: 20_000 }).toMatch(/is unknown..*send it again/);

    await domain.fill('CASE.EXAMPLE');
    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('textbox', { name: 'Type the identifier to confirm' }).fill('case.example');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    const asked = page.getByRole('alert').filter({ hasText: 'Whether domain case.example was deleted is unknown.' });
    await expect(asked.getByRole('button', { name: 'Send again anyway' })).toBeVisible();
    expect((await writes(sim)).filter((request) => request.method === 'DELETE')).toHaveLength(1);
    // The user's word sends it, to the one path the name has.
    await asked.getByRole('button', { name: 'Send again anyway' }).click();
    await expect.poll(async () => (await writes(sim)).filter((request) => request.method === 'DELETE').map((request) => request.path))
      .toEqual([`${API}/customers/c0002/domains/case.example`, `${API}/customers/c0002/domains/case.example`]);
  });
});
