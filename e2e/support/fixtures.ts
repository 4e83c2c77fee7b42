import { test as base, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { SimControl, simControlToken } from './sim-control.ts';

/** Everything the browser said on the console, and every CSP violation it reported. */
export interface PageWatch {
  console: string[];
  cspViolations: string[];
}

export const test = base.extend<{ sim: SimControl; watch: PageWatch; simPort: number }>({
  /** The simulator behind the server under test; each Playwright project names its own. */
  simPort: [8444, { option: true }],
  sim: async ({ playwright, simPort }, use) => {
    const { sim, dispose } = await simControlAt(playwright, simPort);
    await sim.reset();
    await use(sim);
    await dispose();
  },
  watch: [async ({ page }, use) => {
    const watch: PageWatch = { console: [], cspViolations: [] };
    page.on('console', (message) => {
      watch.console.push(message.text());
      if (/Content Security Policy|Trusted Type/i.test(message.text())) watch.cspViolations.push(message.text());
    });
    await page.exposeFunction('__reportCspViolation', (text: string) => { watch.cspViolations.push(text); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(watch);
    expect(watch.cspViolations, 'CSP violations').toEqual([]);
  }, { auto: true }],
});

export { expect };

/**
 * The control surface of the simulator on `port`. It is test tooling on loopback; its certificate
 * is the simulator's own. Every control call carries the run's token: the simulator refuses
 * /__sim/* without it.
 */
export async function simControlAt(playwright: PlaywrightWorkerArgs['playwright'], port: number) {
  const request = await playwright.request.newContext({
    baseURL: `https://127.0.0.1:${port}`,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Authorization: `Bearer ${simControlToken()}` },
  });
  return { sim: new SimControl(request), dispose: () => request.dispose() };
}

export async function saveSettings(page: Page, settings: { apiKey?: string; customerId?: string; language?: 'English' | 'Deutsch' }) {
  await page.goto('/#/settings');
  if (settings.apiKey !== undefined) await page.getByLabel('API key', { exact: true }).fill(settings.apiKey);
  if (settings.customerId !== undefined) await page.getByRole('textbox', { name: 'Customer ID' }).fill(settings.customerId);
  if (settings.language) await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: settings.language });
  await page.getByRole('button', { name: /^(Save settings|Einstellungen speichern)$/ }).click();
}

export interface DomainInput {
  customerId?: string;
  domain: string;
  account: string;
}

/** Fills the add-domain form as a person would; fields left out keep what they hold. */
export async function fillDomainForm(page: Page, input: DomainInput) {
  if (input.customerId !== undefined) await page.getByRole('textbox', { name: 'Customer ID' }).fill(input.customerId);
  await page.getByRole('textbox', { name: 'Domain name' }).fill(input.domain);
  await page.getByRole('textbox', { name: 'Hosting account' }).fill(input.account);
}

export const addDomainButton = (page: Page) => page.getByRole('button', { name: 'Add domain' });

/** The documented request body for the given name and account, with the form's defaults. */
export function documentedBody(domain: string, account: string) {
  return { domain, account, www: true, web: { enabled: true, type: 'webspace', target: '/' }, mail: { enabled: true, dkim: true } };
}

/**
 * Runs the page's clock (installed by the test) until every check of an add of unknown outcome
 * has been made and found nothing: the write guard looks again after each delay before it says so.
 */
export async function untilChecksEnd(page: Page) {
  await expect.poll(async () => {
    await page.clock.fastForward(10_000);
    // Not textContent(): it would wait for an alert that is not shown yet, and the clock with it.
    return (await page.getByRole('alert').allTextContents()).join(' ');
  }, { timeout: 20_000 }).toMatch(/Checked \d+ times: .* is not in the list\./);
}
