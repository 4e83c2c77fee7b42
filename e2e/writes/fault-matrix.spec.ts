import type { Page } from '@playwright/test';
import { addDomainButton, expect, fillDomainForm, saveSettings, test, untilChecksEnd } from '../support/fixtures.ts';
import type { Fault, SimControl } from '../support/sim-control.ts';

const DOMAIN = 'bücher.example';
const ASCII = 'xn--bcher-kva.example';
const NAMED = `${DOMAIN} (${ASCII})`;

async function openForm(page: Page) {
  await saveSettings(page, { apiKey: 'demo-admin-key', customerId: 'c0002' });
  await page.getByRole('link', { name: 'Add domain' }).click();
  await fillDomainForm(page, { domain: DOMAIN, account: 'web77' });
}

async function expectFormKept(page: Page) {
  await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveValue(DOMAIN);
  await expect(page.getByRole('textbox', { name: 'Hosting account' })).toHaveValue('web77');
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue('c0002');
}

const postCount = async (sim: SimControl) => (await sim.posts()).length;
const confirmButton = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'I understand it may be added twice; send again' });
const settingsLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true });
const slowPost = (delayMs: number): Fault => ({ method: 'POST', action: 'respond', delayMs });

test.describe('one POST per user action', () => {
  test('double click', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(slowPost(500));
    await addDomainButton(page).dblclick();
    await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
    expect(await postCount(sim)).toBe(1);
  });

  test('Enter pressed twice', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(slowPost(1000));
    const domain = page.getByRole('textbox', { name: 'Domain name' });
    await domain.press('Enter');
    await domain.press('Enter');
    await expect(page.getByRole('status')).toContainText('Added');
    expect(await postCount(sim)).toBe(1);
  });

  test('two submits in the same tick', async ({ page, sim }) => {
    await openForm(page);
    await addDomainButton(page).evaluate((button: HTMLButtonElement) => {
      button.form?.requestSubmit();
      button.form?.requestSubmit();
    });
    await expect(page.getByRole('status')).toContainText('Added');
    expect(await postCount(sim)).toBe(1);
  });

  test('a submit while a request is in flight', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(slowPost(1500));
    await addDomainButton(page).click();
    await expect(addDomainButton(page)).toBeDisabled();
    // The button is disabled; a form submit (e.g. Enter in a field) must still not send.
    await addDomainButton(page).evaluate((button: HTMLButtonElement) => { button.form?.requestSubmit(); });
    await expect(page.getByRole('status')).toContainText('Added');
    expect(await postCount(sim)).toBe(1);
  });

  test('offline: no POST is queued to fire later on its own', async ({ page, sim, context }) => {
    await page.clock.install();
    await openForm(page);
    await context.setOffline(true);
    await addDomainButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Still unknown');
    await context.setOffline(false);
    // Back online, fire every timer a paused or retrying POST could be waiting on (retry
    // back-off in TanStack Query stops growing at 30 s), without waiting for them in real time.
    await page.clock.runFor(60_000);
    expect(await postCount(sim)).toBe(0);
    await expectFormKept(page);
    // The user's word sends the add once. Had a queued POST fired on reconnecting, the domain
    // would exist by now and this add would end as "already added", with two POSTs counted.
    await confirmButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
    expect(await postCount(sim)).toBe(1);
  });
});

test.describe('unknown outcome: checked, then reported', () => {
  test('connection cut after the server stored the domain → "was added", one POST', { tag: '@journey' }, async ({ page, sim }) => {
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'reset', when: 'after' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`Checked: ${NAMED} was added to account web77.`);
    expect(await postCount(sim)).toBe(1);
    expect((await sim.domains()).map((d) => d.domain)).toEqual([ASCII]);
  });

  test('success status with an unreadable body → "was added"', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'respond', when: 'after', status: 201, contentType: 'text/html', body: '<html>ok?' });
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`Checked: ${NAMED} was added to account web77.`);
    expect(await postCount(sim)).toBe(1);
  });

  for (const [name, fault, why] of [
    ['proxy 502 (connection reset before the server acted)', { method: 'POST', action: 'reset' },
      'The connection to the hosting server broke before it answered.'],
    ['504 from a gateway', { method: 'POST', action: 'respond', status: 504, contentType: 'text/html', body: '<h1>Gateway Timeout</h1>' },
      'A gateway in front of the hosting server failed (status 504).'],
    ['502 from a gateway', { method: 'POST', action: 'respond', status: 502, contentType: 'text/plain', body: 'Bad Gateway' },
      'A gateway in front of the hosting server failed (status 502).'],
  ] as [string, Fault, string][]) {
    test(`${name} → "not in the list yet", checked again, then sent again only on the user's word`, async ({ page, sim }) => {
      await page.clock.install();
      await openForm(page);
      await sim.fault(fault);
      await addDomainButton(page).click();
      const status = page.getByRole('status');
      await expect(status).toContainText(`${why} It is not known whether ${NAMED} was added`);
      await expect(status).toContainText(`Checked: ${NAMED} is not in the list yet.`);
      await expect(status).not.toContainText('could not reach');
      await untilChecksEnd(page);
      expect(await postCount(sim)).toBe(1);
      await expectFormKept(page);
      await addDomainButton(page).click();
      await expect(confirmButton(page)).toBeFocused();
      expect(await postCount(sim)).toBe(1);
      await confirmButton(page).click();
      await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
      expect(await postCount(sim)).toBe(2);
    });
  }

  test('page timeout → checked; the hanging request is not repeated', async ({ page, sim }) => {
    await page.clock.install();
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'hang' });
    await addDomainButton(page).click();
    await expect.poll(() => postCount(sim)).toBe(1);
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('status')).toContainText('The server did not answer within 30 seconds. It is not known whether');
    await expect(page.getByRole('status')).toContainText('is not in the list yet');
    await untilChecksEnd(page);
    expect(await postCount(sim)).toBe(1);
  });

  test('list unreadable → "still unknown"; only an explicit confirmation sends again', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'reset' });
    await sim.fault({ method: 'GET', action: 'respond', status: 500, count: 5 });
    await addDomainButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(`Still unknown: the domain list could not be read, so it is not known whether ${NAMED} was added.`);
    // Pressing "Add domain" again is not the confirmation: the form answers it by moving focus to
    // the button that is, and nothing is sent (a POST would have left the confirmation behind).
    await addDomainButton(page).click();
    await expect(confirmButton(page)).toBeFocused();
    expect(await postCount(sim)).toBe(1);
    await sim.fault({ method: 'GET', action: 'respond', status: 200 });
    await confirmButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
    expect(await postCount(sim)).toBe(2);
  });

  test('409 after an unknown outcome, same account → "already added", not an error', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault({ method: 'POST', action: 'reset', when: 'after' });
    await sim.fault({ method: 'GET', action: 'respond', status: 503, count: 5 });
    await addDomainButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Still unknown');
    await confirmButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`${NAMED} was already added to account web77 (by the earlier request).`);
    await expect(page.getByRole('alert')).toBeHidden();
    expect(await postCount(sim)).toBe(2);
    expect(await sim.domains()).toHaveLength(1);
  });
});

test.describe('the proxy could not connect', () => {
  test('a known failure, said so, nothing to check, and the next add goes through', async ({ page, sim }) => {
    await openForm(page);
    await sim.dropConnections(1);
    await addDomainButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(
      "The panel's proxy could not reach the hosting server. The TLS connection to the hosting server failed.",
    );
    // Known not sent: no check of the domain list, and nothing reached the simulator.
    expect(await sim.requests()).toEqual([]);
    await expectFormKept(page);
    await addDomainButton(page).click();
    await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
    expect(await postCount(sim)).toBe(1);
  });
});

test.describe('navigation', () => {
  test('a request in flight and an open outcome survive a visit to Settings', async ({ page, sim }) => {
    await openForm(page);
    await sim.fault(slowPost(2000));
    await addDomainButton(page).click();
    await settingsLink(page).click();
    await page.getByRole('link', { name: 'Add domain' }).click();
    await expectFormKept(page);
    await addDomainButton(page).evaluate((button: HTMLButtonElement) => { button.form?.requestSubmit(); });
    await expect(page.getByRole('status')).toHaveText(`Added ${NAMED} to account web77 of customer c0002.`);
    expect(await postCount(sim)).toBe(1);
  });
});

test.describe('back-pressure', () => {
  for (const [status, retryAfterName, retryAfter, text] of [
    [429, '2', () => '2', 'The server asks to slow down.'],
    [503, 'an HTTP date 3 s ahead', () => new Date(Date.now() + 3_000).toUTCString(), 'The server is temporarily unavailable.'],
  ] as const) {
    test(`${status} with Retry-After ${retryAfterName}: counts down, then submit works again`, async ({ page, sim }) => {
      await openForm(page);
      await sim.fault({ method: 'POST', action: 'respond', status, contentType: 'application/problem+json', body: JSON.stringify({ status, title: 'Slow down' }), headers: { 'Retry-After': retryAfter() } });
      await addDomainButton(page).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(text);
      await expect(page.getByText(/^You can try again in [1-3] s\.$/)).toBeVisible();
      // The ticking countdown stays out of the alert, which would re-announce it every second.
      await expect(alert).not.toContainText('try again');
      await expect(addDomainButton(page)).toBeDisabled();
      await expect(page.getByText('You can try again now.')).toBeVisible({ timeout: 6_000 });
      await expect(addDomainButton(page)).toBeEnabled();
      await expectFormKept(page);
      expect(await postCount(sim)).toBe(1);
      await addDomainButton(page).click();
      await expect(page.getByRole('status')).toContainText('Added');
      expect(await postCount(sim)).toBe(2);
    });
  }

  for (const garbage of ['soon', '-5', '']) {
    test(`429 with Retry-After ${JSON.stringify(garbage)} waits the default 10 s`, async ({ page, sim }) => {
      await openForm(page);
      await sim.fault({ method: 'POST', action: 'respond', status: 429, headers: garbage ? { 'Retry-After': garbage } : {} });
      await addDomainButton(page).click();
      await expect(page.getByText(/^You can try again in (10|9) s\.$/)).toBeVisible();
      await expect(addDomainButton(page)).toBeDisabled();
      expect(await postCount(sim)).toBe(1);
    });
  }
});

test.describe('refusals keep the key', () => {
  for (const [key, text] of [
    ['wrong-key-0000', 'did not accept the API key'],
    ['demo-noperm-key', 'accepted the API key but refused'],
  ] as const) {
    test(`${key}: "${text}"`, async ({ page, sim }) => {
      await saveSettings(page, { apiKey: key, customerId: 'c0002' });
      await page.getByRole('link', { name: 'Add domain' }).click();
      await fillDomainForm(page, { domain: DOMAIN, account: 'web77' });
      await addDomainButton(page).click();
      await expect(page.getByRole('alert')).toContainText(text);
      await expectFormKept(page);
      expect(await postCount(sim)).toBe(1);
      await settingsLink(page).click();
      await expect(page.getByLabel('API key', { exact: true })).toHaveValue(key);
    });
  }
});
