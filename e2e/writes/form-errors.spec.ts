import type { Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test, untilChecksEnd } from '../support/fixtures.ts';
import type { Fault } from '../support/sim-control.ts';

const ADDED = 'Added example.org to account web77 of customer c0002.';

async function openForm(page: Page) {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
}

const problem = (status: number, body: object, headers: Record<string, string> = {}): Fault => ({
  method: 'POST', action: 'respond', status, contentType: 'application/problem+json', body: JSON.stringify({ status, ...body }), headers,
});
// No detail and no title: the alert then holds the panel's own sentence alone.
const slowDown = (status: 429 | 503): Fault => ({ method: 'POST', action: 'respond', status, headers: { 'Retry-After': '3' } });

// Chromium reports every non-2xx fetch on the console; that line is expected, nothing else is.
const unexpected = (lines: string[]) => lines.filter((line) => !/^Failed to load resource: the server responded with a status of \d{3}/.test(line));

test.describe('server field errors', () => {
  test('a 422 pointing at #/constructor and #/domain: one on the field, one in the alert, nothing thrown', async ({ page, sim, watch }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => { pageErrors.push(error.message); });
    await openForm(page);
    await sim.fault(problem(422, {
      title: 'Unprocessable Content',
      errors: [
        { pointer: '#/constructor', detail: 'Prototype trouble.' },
        { pointer: '#/domain', detail: 'This name is reserved.' },
      ],
    }));
    await addDomainButton(page).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The server refused some values; see the marked fields.');
    await expect(alert.getByRole('listitem')).toHaveText(['constructor: Prototype trouble.']);
    await expect(alert).not.toContainText('reserved');
    const domain = page.getByRole('textbox', { name: 'Domain name' });
    await expect(domain).toHaveAttribute('aria-invalid', 'true');
    await expect(domain).toHaveAccessibleDescription(/^This name is reserved\./);
    await expect(domain).toBeFocused();
    expect(pageErrors).toEqual([]);
    expect(unexpected(watch.console)).toEqual([]);
  });

  test('#/__proto__ and two errors for one field: every message is shown', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(problem(422, {
      errors: [
        { pointer: '#/__proto__', detail: 'Odd pointer.' },
        { pointer: '#/domain', detail: 'Too short.' },
        { pointer: '#/domain', detail: 'Not allowed here.' },
      ],
    }));
    await addDomainButton(page).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['__proto__: Odd pointer.']);
    await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveAccessibleDescription(/^Too short\. Not allowed here\./);
  });

  test('a new attempt clears the previous answer: alert, unplaced list and field error', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(problem(422, { errors: [{ pointer: '#/constructor', detail: 'Prototype trouble.' }, { pointer: '#/domain', detail: 'Reserved.' }] }));
    await addDomainButton(page).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['constructor: Prototype trouble.']);

    await sim.fault(slowDown(429));
    await addDomainButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The server asks to slow down. Wait 3 s.');
    await expect(alert.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Domain name' })).not.toHaveAttribute('aria-invalid');
  });
});

test.describe('back-pressure, announced once', () => {
  test('a 429 with Retry-After: 3 says to wait 3 s; the countdown ticks outside the alert', async ({ page, sim }) => {
    await page.clock.install();
    await openForm(page);
    await sim.fault(slowDown(429));
    await addDomainButton(page).click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The server asks to slow down. Wait 3 s.');
    const countdown = page.getByRole('paragraph').filter({ hasText: /^You can try again in [1-3] s\.$/ });
    const shown = await countdown.textContent();
    await page.clock.runFor(1000);
    await expect(countdown).not.toHaveText(shown ?? '');
    // The number said in the alert does not tick: a live region would announce every change.
    await expect(alert).toHaveText('The server asks to slow down. Wait 3 s.');
    await expect(page.getByRole('status')).toHaveText('');

    await page.clock.runFor(3000);
    await expect(page.getByRole('paragraph').filter({ hasText: 'You can try again now.' })).toBeVisible();
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(ADDED);
    await expect(alert).toBeHidden();
    await expect(page.getByRole('paragraph').filter({ hasText: /You can try again/ })).toHaveCount(0);
    expect(await sim.posts()).toHaveLength(2);
  });

  test('a submit before the wait is over sends nothing', async ({ page, sim }) => {
    await page.clock.install();
    await openForm(page);
    // A wait long enough that the page's own passing time cannot end it during the test.
    await sim.fault({ method: 'POST', action: 'respond', status: 429, headers: { 'Retry-After': '600' } });
    await addDomainButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The server asks to slow down. Wait 600 s.');
    // Enter, since the button is aria-disabled and a click would wait for it to be enabled.
    await page.getByRole('textbox', { name: 'Domain name' }).press('Enter');
    await page.clock.runFor(60_000);
    await expect(page.getByRole('paragraph').filter({ hasText: /^You can try again in 5[0-9]{2} s\.$/ })).toBeVisible();
    await expect(alert).toHaveText('The server asks to slow down. Wait 600 s.');
    expect(await sim.posts()).toHaveLength(1);

    await page.clock.runFor(540_000);
    await expect(page.getByRole('paragraph').filter({ hasText: 'You can try again now.' })).toBeVisible();
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(ADDED);
    expect(await sim.posts()).toHaveLength(2);
  });

  test('a 503 with Retry-After: 3, in German', async ({ page, sim }) => {
    await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002', language: 'Deutsch' });
    await page.getByRole('link', { name: 'Domain hinzufügen' }).click();
    await page.getByRole('textbox', { name: 'Domainname' }).fill('example.org');
    await page.getByRole('textbox', { name: 'Hosting-Account' }).fill('web77');
    await sim.fault(slowDown(503));
    await page.getByRole('button', { name: 'Domain hinzufügen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Der Server ist vorübergehend nicht verfügbar. Bitte 3 s warten.');
  });
});

test.describe('an add left unknown', () => {
  // The guard's memory is the tab's, not the form's: nothing a user does in between forgets it.
  const ways: [string, (page: Page) => Promise<void>][] = [
    ['leaving for Domains and coming back', async (page) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
      await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
    }],
    ['forgetting the key and entering it again', async (page) => {
      await page.goto('/#/settings');
      await page.getByRole('button', { name: 'Forget API key' }).click();
      await saveSettings(page, { apiKey: 'demo-admin-key' });
    }],
    ['reloading the page', async (page) => { await page.reload(); }],
  ];
  for (const [name, meanwhile] of ways) {
    test(`is not sent again without the user's word after ${name}`, async ({ page, sim }) => {
      await openForm(page);
      await sim.fault({ method: 'POST', action: 'reset' });
      await sim.fault({ method: 'GET', action: 'respond', status: 500, count: 5 });
      await addDomainButton(page).click();
      await expect(page.getByRole('alert')).toContainText('Still unknown');

      await meanwhile(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add domain' }).click();
      await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
      await addDomainButton(page).click();
      // The form answers with the button that gives the user's word, and sends nothing.
      const confirm = page.getByRole('alert').getByRole('button', { name: 'I understand it may be added twice; send again' });
      await expect(confirm).toBeFocused();
      await expect(page.getByRole('alert')).toContainText('example.org');
      expect(await sim.posts()).toHaveLength(1);

      await confirm.click();
      await expect(page.getByRole('status')).toHaveText(ADDED);
      expect(await sim.posts()).toHaveLength(2);
    });
  }

  test('a server that stores the domain late and never answers: "not found yet", found later, never sent twice', async ({ page, sim }) => {
    await page.clock.install();
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'hang' });
    await addDomainButton(page).click();
    await expect.poll(() => sim.posts().then((posts) => posts.length)).toBe(1);
    // The page stops waiting at 30 s; the first check finds nothing yet.
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('status')).toContainText('example.org is not in the list yet');
    await expect(page.getByRole('alert')).toBeHidden();
    // Pressing "Add domain" now asks first and sends nothing.
    await addDomainButton(page).click();
    await expect(page.getByRole('alert')).toContainText('An earlier request may have added example.org');
    // At 33 s the server stores it; the next check finds it.
    await sim.storeDomain('c0002', 'example.org', 'web77');
    await page.clock.fastForward(6_000);
    await expect(page.getByRole('status')).toHaveText('Checked: example.org was added to account web77.');
    await page.clock.fastForward(120_000);
    expect(await sim.posts()).toHaveLength(1);
  });

  test('checked again and again, never found: still asks before a resend', async ({ page, sim }) => {
    await page.clock.install();
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'reset' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toContainText('not in the list yet');
    await untilChecksEnd(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Checked 4 times: example.org is not in the list.');
    await addDomainButton(page).click();
    await expect(page.getByRole('button', { name: 'I understand it may be added twice; send again' })).toBeFocused();
    expect(await sim.posts()).toHaveLength(1);
    await page.getByRole('button', { name: 'I understand it may be added twice; send again' }).click();
    await expect(page.getByRole('status')).toHaveText(ADDED);
    expect(await sim.posts()).toHaveLength(2);
  });

  test('a domain that was in the list before the cut add is "already there", not "added"', async ({ page, sim }) => {
    await openForm(page);
    await sim.storeDomain('c0002', 'example.org', 'web77');
    // The Domains screen reads the list: the form then knows the name was there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
    await expect(page.getByRole('cell', { name: 'example.org', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add domain' }).click();
    await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
    await sim.fault({ method: 'POST', action: 'reset' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(
      'Checked: example.org is in the list, but it was there before this request, so this request did not add it.',
    );
  });

  test('is sent again only on the user\'s word, even after another add in between', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'reset' });
    await sim.fault({ method: 'GET', action: 'respond', status: 500, count: 5 });
    await addDomainButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Still unknown');

    await fillDomainForm(page, { domain: 'other.example', account: 'web77' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Added other.example to account web77 of customer c0002.');

    await fillDomainForm(page, { domain: 'example.org', account: 'web77' });
    await addDomainButton(page).click();
    const confirm = page.getByRole('button', { name: 'I understand it may be added twice; send again' });
    await expect(page.getByRole('alert')).toContainText('An earlier request may have added example.org: that is still not known.');
    await expect(confirm).toBeFocused();
    expect(await sim.posts()).toHaveLength(2);

    await confirm.click();
    await expect(page.getByRole('status')).toHaveText(ADDED);
    await expect(page.getByRole('alert')).toBeHidden();
    expect(await sim.posts()).toHaveLength(3);
  });
});
