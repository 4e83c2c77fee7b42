import type { Page, Request } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { chooseDescriptionFile } from '../support/description-file.ts';
import { expect, saveSettings, test } from '../support/fixtures.ts';

// Issue 23: the resource screens on a description the panel was not made for, shaped like a
// hosting product's (mittwald-like): projects paged by page number with a total in an envelope,
// mail addresses of a project paged by a cursor, each mail address at a flat path apart from its
// list, with a settings object, a write-only password and an action; a deprecated duplicate of
// the mail address list. Its answers are made up here (page.route); nothing reaches a server.

const API = '/liveconfig/api/v1';
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const ok = (schema: unknown) => ({ 200: { description: 'OK', content: json(schema) } });
const done = { 204: { description: 'Done' } };

const description = {
  openapi: '3.0.3',
  info: { title: 'Hosting product API', version: '2.0' },
  tags: [{ name: 'Projects' }, { name: 'Mail' }],
  paths: {
    '/projects': {
      get: {
        operationId: 'project-list-projects', tags: ['Projects'], summary: 'List projects',
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }, { name: 'per_page', in: 'query', schema: { type: 'integer' } }],
        responses: ok({ type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Project' } }, meta: { type: 'object', properties: { total: { type: 'integer' } } } } }),
      },
    },
    '/projects/{projectId}': {
      parameters: [idParam('projectId')],
      get: { operationId: 'project-get-project', tags: ['Projects'], responses: ok({ $ref: '#/components/schemas/Project' }) },
    },
    '/projects/{projectId}/mail-addresses': {
      parameters: [idParam('projectId')],
      get: {
        operationId: 'mail-list-mail-addresses', tags: ['Mail'], summary: 'List mail addresses',
        parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
        responses: ok({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/MailAddress' } }, next_cursor: { type: 'string', nullable: true } } }),
      },
      post: {
        operationId: 'mail-create-mail-address', tags: ['Mail'],
        requestBody: { required: true, content: json({ type: 'object', required: ['address', 'password'], properties: { address: { type: 'string', format: 'email' }, password: { type: 'string', format: 'password', writeOnly: true } } }) },
        responses: { 201: { description: 'Created', content: json({ $ref: '#/components/schemas/MailAddress' }) } },
      },
    },
    '/v1/projects/{projectId}/mail-addresses': {
      parameters: [idParam('projectId')],
      get: { operationId: 'deprecated-list-mail-addresses', deprecated: true, tags: ['Mail'], responses: ok({ type: 'array', items: { $ref: '#/components/schemas/MailAddress' } }) },
    },
    '/mail-addresses/{mailAddressId}': {
      parameters: [idParam('mailAddressId')],
      get: { operationId: 'mail-get-mail-address', tags: ['Mail'], responses: ok({ $ref: '#/components/schemas/MailAddress' }) },
      patch: { operationId: 'mail-update-mail-address', tags: ['Mail'], requestBody: { content: json({ type: 'object', properties: { isCatchAll: { type: 'boolean' } } }) }, responses: ok({ $ref: '#/components/schemas/MailAddress' }) },
      delete: { operationId: 'mail-delete-mail-address', tags: ['Mail'], responses: done },
    },
    '/mail-addresses/{mailAddressId}/password': {
      parameters: [idParam('mailAddressId')],
      put: { operationId: 'mail-update-password', tags: ['Mail'], requestBody: { required: true, content: json({ type: 'object', required: ['password'], properties: { password: { type: 'string', format: 'password', writeOnly: true, minLength: 8 } } }) }, responses: done },
    },
    '/mail-addresses/{mailAddressId}/spam-protection': {
      parameters: [idParam('mailAddressId')],
      get: { operationId: 'mail-get-spam', tags: ['Mail'], responses: ok({ $ref: '#/components/schemas/Spam' }) },
      patch: { operationId: 'mail-update-spam', tags: ['Mail'], requestBody: { content: json({ $ref: '#/components/schemas/Spam' }) }, responses: ok({ $ref: '#/components/schemas/Spam' }) },
    },
    '/mail-addresses/{mailAddressId}/actions/suspend': {
      parameters: [idParam('mailAddressId')],
      post: { operationId: 'mail-suspend', tags: ['Mail'], responses: done },
    },
  },
  components: {
    schemas: {
      Project: { type: 'object', properties: { id: { type: 'string' }, description: { type: 'string' }, isEnabled: { type: 'boolean' } } },
      MailAddress: { type: 'object', properties: { id: { type: 'string' }, address: { type: 'string' }, projectId: { type: 'string' }, isCatchAll: { type: 'boolean' } } },
      Spam: { type: 'object', properties: { active: { type: 'boolean' }, folder: { type: 'string', enum: ['inbox', 'spam'] } } },
    },
  },
};

const projects = Array.from({ length: 60 }, (_, at) => ({ id: `p-${String(at + 1)}`, description: `Project ${String(at + 1)}`, isEnabled: at % 3 !== 0 }));
const addresses = (cursor: string | null) => (cursor === 'c2'
  ? { items: [{ id: 'm-3', address: 'shop@p-52.example', projectId: 'p-52', isCatchAll: false }], next_cursor: null }
  : { items: [{ id: 'm-1', address: 'info@p-52.example', projectId: 'p-52', isCatchAll: true }, { id: 'm-2', address: 'sales@p-52.example', projectId: 'p-52', isCatchAll: false }], next_cursor: 'c2' });

/** Answers the product's API here; every request the page makes to it, in order. */
async function routeProduct(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(`**${API}/**`, async (route) => {
    const request = route.request();
    seen.push(request);
    const url = new URL(request.url());
    const path = url.pathname.slice(API.length);
    const answer = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (request.method() !== 'GET') return route.fulfill({ status: 204 });
    if (path === '/projects') {
      const number = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('per_page') ?? '20');
      return answer({ data: projects.slice((number - 1) * size, number * size), meta: { total: projects.length } });
    }
    if (path === '/projects/p-52') return answer(projects[51]);
    if (path === '/projects/p-52/mail-addresses') return answer(addresses(url.searchParams.get('cursor')));
    if (path === '/mail-addresses/m-2') return answer(addresses(null).items[1]);
    if (path === '/mail-addresses/m-2/spam-protection') return answer({ active: true, folder: 'spam' });
    return answer({ title: 'Not found' }, 404);
  });
  return seen;
}

const paths = (requests: readonly Request[], method?: string) =>
  requests.filter((request) => method === undefined || request.method() === method).map((request) => {
    const url = new URL(request.url());
    return `${request.method()} ${url.pathname.slice(API.length)}${url.search}`;
  });

test('a description never seen: paged and cursor lists three levels down by clicking, a flat item with its settings, password and action', async ({ page }) => {
  await saveSettings(page, { apiKey: 'demo-admin-key' });
  await chooseDescriptionFile(page, 'product.json', description);
  const seen = await routeProduct(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Resources' });
  // The top lists by human name; the deprecated duplicate is no second list.
  await expect(nav.getByRole('link')).toHaveText(['Projects']);
  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('50 entries · 60 in all · Page 1');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('10 entries · 60 in all · Page 2');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(paths(seen)).toEqual(['GET /projects?page=1&per_page=50', 'GET /projects?page=2&per_page=50']);

  // Sort by a column; the row opens its item at the path the description names.
  await page.getByRole('button', { name: 'Description' }).click();
  await page.getByRole('link', { name: 'Project 52', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Project 52', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Belongs to it' }).getByRole('link', { name: 'Mail addresses' }).click();
  await expect(page.getByRole('heading', { name: 'Mail addresses', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('link', { name: 'shop@p-52.example' })).toBeVisible();
  expect(paths(seen).filter((line) => line.includes('mail-addresses'))).toEqual(['GET /projects/p-52/mail-addresses', 'GET /projects/p-52/mail-addresses?cursor=c2']);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['All resources', 'Projects', 'Project 52', 'Mail addresses']);

  // The row opens the item at its flat path, by its id.
  await page.getByRole('link', { name: 'sales@p-52.example' }).click();
  await expect(page.getByRole('heading', { name: 'sales@p-52.example', level: 2 })).toBeVisible();
  expect(page.url()).toContain('#/resources/mail-addresses/m-2');
  const settings = page.getByRole('region', { name: 'Spam protection' });
  await expect(settings.getByText('Folder')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Edit Spam protection' })).toBeVisible();
  await expectNoViolations(page);

  // The write-only password: its own button, one PUT to exactly its path.
  const writesBefore = paths(seen).filter((line) => !line.startsWith('GET')).length;
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel(/^Password/).fill('a-long-new-secret');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText(/changed|done/i);
  await expect(dialog).not.toContainText('/mail-addresses');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The action: named by its verb, one POST to exactly its path.
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog', { name: 'Suspend' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('dialog', { name: 'Suspend' }).getByRole('status')).toContainText(/done|suspend/i);
  expect(paths(seen).filter((line) => !line.startsWith('GET')).slice(writesBefore)).toEqual([
    'PUT /mail-addresses/m-2/password', 'POST /mail-addresses/m-2/actions/suspend',
  ]);
  const put = seen.find((request) => request.method() === 'PUT');
  expect(put?.postDataJSON()).toEqual({ password: 'a-long-new-secret' });
});
