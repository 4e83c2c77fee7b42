import type { Page } from '@playwright/test';
import { documentedBody, expect } from './fixtures.ts';

export const DOMAINS_API = '/liveconfig/api/v1/customers/c0002/domains';

/** Adds a domain behind the panel's back: straight to the API through the proxy, as another client would. */
export async function seedDomain(page: Page, domain: string, account: string) {
  const response = await page.request.post(DOMAINS_API, {
    headers: { Authorization: 'Bearer demo-admin-key', 'Content-Type': 'application/json', Accept: 'application/json' },
    data: documentedBody(domain, account),
  });
  expect(response.status(), `seeding ${domain}`).toBe(201);
}

export async function openDomains(page: Page) {
  await page.getByRole('link', { name: /^(Domains|Domainliste)$/ }).click();
}

export const domainTable = (page: Page) => page.getByRole('table', { name: 'Domains of customer c0002' });

/**
 * The names in the table's order, each as "unicode" or "unicode ascii". Waits for the status
 * line first, so the rows read are those of the answer the test expects.
 */
export async function shownNames(page: Page, status: string): Promise<string[]> {
  await expect(page.getByRole('status').filter({ hasText: status })).toHaveText(status);
  const rows = await domainTable(page).getByRole('row').allInnerTexts();
  // Row 1 is the header; a row's cells are tab-separated, the two name forms line-separated.
  return rows.slice(1).map((row) => (row.split('\t')[0] ?? '').split('\n').map((part) => part.trim()).filter(Boolean).join(' '));
}
