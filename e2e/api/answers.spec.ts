import type { Page } from '@playwright/test';
import { expect, saveSettings, test } from '../support/fixtures.ts';
import type { SimControl } from '../support/sim-control.ts';

// Issue 21, part 4: an answer of any shape renders without freezing the page. The simulator
// answers a read with what each test puts in its place (its fault injection), and the page
// records its long tasks from its first moment. The bound asserted is about freezing (a task of
// 200 ms is a page that stops answering), not a timing figure: those come from `npm run bench:api`.

const FREEZE_MS = 200;

const description = {
  openapi: '3.1.0',
  info: { title: 'Answers', version: '1' },
  paths: { '/reports/large': { get: { operationId: 'largeReport', summary: 'A large report', responses: { 200: { description: 'ok' } } } } },
};

async function recordLongTasks(page: Page) {
  await page.addInitScript(() => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
    });
    observer.observe({ type: 'longtask', buffered: true });
    Object.assign(window, { __longTasks: { tasks, observer } });
  });
}

/** Every long task so far: after the frames in flight, those delivered and those still queued for the observer. */
async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => new Promise<number[]>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const { tasks, observer } = (window as unknown as { __longTasks: { tasks: number[]; observer: PerformanceObserver } }).__longTasks;
      resolve([...tasks, ...observer.takeRecords().map((entry) => Math.round(entry.duration))]);
    }));
  }));
}

/** Opens the read with the answer in place and sends it. */
async function sendRead(page: Page, sim: SimControl, body: string) {
  expect(body.length).toBeLessThan(1024 * 1024 - 64 * 1024); // what the simulator's control takes, with room for its JSON
  await sim.fault({ method: 'GET', pathIncludes: '/reports/large', action: 'respond', status: 200, contentType: 'application/json', body });
  await recordLongTasks(page);
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
  await page.getByLabel('API description file').setInputFiles({ name: 'answers.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(description)) });
  await page.getByRole('link', { name: 'GET /reports/large', exact: true }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status 200' })).toBeVisible();
}

test('a cell of 500,000 characters shows its first 1,000 and a way to the whole value, without freezing the page', async ({ page, sim }) => {
  const notes = `${'a'.repeat(999)}${'b'.repeat(499_001)}`;
  await sendRead(page, sim, JSON.stringify([{ name: 'large', notes }, { name: 'small', notes: 'short' }]));

  const table = page.getByRole('table', { name: 'Answer rows' });
  await expect(table.getByRole('cell', { name: 'small', exact: true })).toBeVisible();
  const cut = table.getByRole('cell').filter({ has: page.getByRole('button', { name: 'Whole value of notes (500,000 characters)' }) });
  await expect(cut).toHaveText(`${'a'.repeat(999)}b… Whole value`);
  expect(Math.max(0, ...await longTasks(page))).toBeLessThan(FREEZE_MS);

  // The whole value, a piece at a time: its first pieces, then all of it on asking.
  await cut.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Whole value of notes (500,000 characters)' });
  await expect(dialog.getByText('Showing the first 32,768 of 500,000 characters.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Show all' }).click();
  await expect(dialog.getByText(/Showing the first/)).toHaveCount(0);
  // All of it, as it would be copied: no line break where one piece ends and the next begins.
  await expect(dialog).toContainText(notes, { useInnerText: true });
  expect(Math.max(0, ...await longTasks(page))).toBeLessThan(FREEZE_MS);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('an answer of 100,000 cells: a table of its rows, filtered, sorted and as raw JSON, without freezing the page', async ({ page, sim }) => {
  const columns = 'abcdefghij'.split('');
  const rows: Record<string, number | string>[] = Array.from({ length: 10_000 }, (_, row) => Object.fromEntries(columns.map((column, at) => [column, (row * 7 + at) % 1000])));
  rows[4321] = { ...rows[4321], a: 'needle' };
  await sendRead(page, sim, JSON.stringify(rows));

  const count = page.getByText(/^[\d,]+ of [\d,]+ rows/);
  await expect(count).toHaveText('10,000 of 10,000 rows');
  const table = page.getByRole('table', { name: 'Answer rows' });
  await expect(table).toHaveAttribute('aria-rowcount', '10001');
  // Only the rows in view are drawn.
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);

  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('needle');
  await expect(count).toHaveText('1 of 10,000 rows');
  await expect(table.getByRole('cell', { name: 'needle', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('');
  await expect(count).toHaveText('10,000 of 10,000 rows');

  // Sorted by "a", descending: the row with text there comes first, 4,321 rows up from where it was drawn nowhere.
  await expect(table.getByRole('row', { name: /^needle 248 / })).toHaveCount(0);
  await table.getByRole('button', { name: 'A', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'A', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'A', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'A', exact: true })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row', { name: /^needle 248 / })).toBeVisible();

  await page.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(page.getByText(/^Showing the first [\d,]+ of [\d,]+ characters\./)).toBeVisible();
  expect(Math.max(0, ...await longTasks(page))).toBeLessThan(FREEZE_MS);
});
