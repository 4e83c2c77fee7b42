import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Gives the panel a description of a product it was not made for, as a user with the server's
 * file would: the API screen's "API description file". The screens then read their resources
 * from it; the product's answers are the spec's own (page.route).
 */
export async function chooseDescriptionFile(page: Page, name: string, description: unknown): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
  await page.getByLabel('API description file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(description)) });
  await expect(page.getByText(`Showing the description from your file ${name}.`)).toBeVisible();
}
