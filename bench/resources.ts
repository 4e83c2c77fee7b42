// `npm run bench:resources`: how long the resource model (src/lib/openapi/resources/
// resource-model.ts) takes for a description of 1,000 operations shaped like a hosting API
// (issue 23, part 5: under 50 ms). Exits 1 when the median build of the generated description
// is over TARGET_MS.
//
// The description is generated here (deterministic, no randomness): customers at the top, and
// below `/customers/{customerId}` one family per hosting resource (accounts, domains, databases…),
// each with what real hosting APIs have: a list paged with page/per_page in an envelope (`data`
// and `total`, `items`, or bare), an add (POST), an item (GET, PATCH, DELETE), a settings object
// (GET + PATCH), a write-only `PUT …/password`, actions (`POST …/actions/<verb>`), a read-only
// `…/status`, a nested list below the item with its own item, a list below that (3 levels
// under the customer) and, every other family, one more below its item (4 levels), a second nested list whose item lives at a flat path (`/mail-addresses/{id}` for
// `/customers/{c}/domains/{d}/mail-addresses`) with its own password, a row property naming
// another collection (`account` → the hosting accounts) and a deprecated duplicate of the list
// under `/v1/…`. Operations are made in that order until there are exactly OPERATIONS.
//
// A build is what the description's worker does (describe.worker.ts): the index
// (indexDescription), then the model from it (resourceModel), on a document fresh from the text
// (JSON.parse, not timed), so the refs' look-up cache (refs.ts, per document) starts cold as it
// does for a description read once. WARMUP builds first (the JIT), then RUNS timed ones; printed:
// median and max of the model alone, of the index alone and of both, and what the model found.
// The verdict is on both together (the stricter reading: the Resources screen needs the index
// to make the model).
//
//   npm run bench:resources -- [--dir <folder>]...
//
// `--dir` also times each description in the folder (`<name>.json|yaml|yml`, plain or `.gz`/
// `.br`, read as `npm run check:descriptions` reads them), each read once (readDescription, not
// counted) and built RUNS times; printed per file. The generated description's verdict alone
// sets the exit code.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './bench-support.ts';
import { findFixtures, fixtureText } from './descriptions/fixtures-found.ts';
import { indexDescription, type JsonObject, readDescription } from './descriptions/pipeline.ts';
// eslint-disable-next-line boundaries/dependencies -- this bench measures the page's model itself, as bench/descriptions/pipeline.ts does the form pipeline
import { resourceModel } from '../src/lib/openapi/resources/resource-model.ts';

const OPERATIONS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 5;
const TARGET_MS = 50;
const API_ROOT = '/liveconfig/api/v1';

const { values: options } = parseArgs({ options: { dir: { type: 'string', multiple: true, default: [] } } });

// ---- The generated description --------------------------------------------------------------

/** Hosting resources: a family each, below a customer. `sub` is listed below an item with its own item, `flat` with its item at a flat path. */
const FAMILIES: { name: string; sub: string; deeper: string; flat: string }[] = [
  ['accounts', 'cron-jobs', 'runs', 'ftp-users'], ['domains', 'dns-records', 'changes', 'mail-addresses'], ['databases', 'database-users', 'grants', 'backups'],
  ['certificates', 'orders', 'events', 'validations'], ['servers', 'ip-addresses', 'reverse-records', 'volumes'], ['projects', 'members', 'invitations', 'apps'],
  ['subscriptions', 'invoices', 'invoice-items', 'payments'], ['websites', 'redirects', 'hits', 'error-pages'], ['mail-domains', 'mailboxes', 'aliases', 'forwards'],
  ['ssh-keys', 'fingerprints', 'uses', 'deploy-keys'], ['dns-zones', 'records', 'record-history', 'secondaries'], ['load-balancers', 'targets', 'health-checks', 'listeners'],
  ['firewalls', 'rules', 'rule-hits', 'firewall-actions'], ['networks', 'subnets', 'routes', 'network-ports'], ['storage-boxes', 'snapshots', 'snapshot-files', 'sub-accounts'],
  ['app-installations', 'app-updates', 'update-logs', 'app-settings'], ['php-versions', 'extensions', 'ini-values', 'pools'], ['tickets', 'messages', 'attachments', 'ticket-watchers'],
  ['monitors', 'checks', 'results', 'incidents'], ['contracts', 'contract-items', 'price-changes', 'notices'], ['resellers', 'plans', 'plan-options', 'quotas'],
  ['api-keys', 'key-scopes', 'key-uses', 'key-rotations'], ['users', 'sessions', 'session-events', 'roles'], ['webhooks', 'deliveries', 'delivery-attempts', 'webhook-secrets'],
  ['containers', 'container-logs', 'log-lines', 'container-images'], ['registries', 'repositories', 'image-tags', 'registry-tokens'], ['clusters', 'node-pools', 'nodes', 'kube-configs'],
  ['buckets', 'objects', 'object-versions', 'bucket-policies'], ['mailing-lists', 'subscribers', 'bounces', 'list-archives'], ['licenses', 'activations', 'activation-logs', 'license-keys'],
  ['git-repositories', 'branches', 'commits', 'deploy-hooks'], ['scheduled-tasks', 'task-runs', 'task-outputs', 'task-triggers'], ['vpn-gateways', 'tunnels', 'tunnel-stats', 'peers'],
  ['spam-filters', 'filter-rules', 'filter-matches', 'quarantines'], ['cdn-zones', 'purges', 'purge-items', 'edge-rules'], ['file-shares', 'share-links', 'link-visits', 'share-users'],
  ['ip-blocks', 'assignments', 'assignment-logs', 'block-notes'], ['status-pages', 'components', 'component-events', 'page-subscribers'], ['backup-plans', 'backup-jobs', 'job-files', 'restore-points'],
  ['reports', 'report-runs', 'report-rows', 'report-shares'],
].map(([name = '', sub = '', deeper = '', flat = '']) => ({ name, sub, deeper, flat }));

const VERBS = ['renew', 'suspend', 'restart', 'verify', 'sync', 'reset', 'lock', 'rotate'];

const singularOf = (word: string) => word.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/s$/, '');
const camel = (word: string) => word.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const idOf = (word: string) => `${camel(singularOf(word))}Id`;
const schemaName = (word: string) => camel(singularOf(word)).replace(/^\w/, (letter) => letter.toUpperCase());

const pathParameter = (name: string) => ({ name, in: 'path', required: true, description: `The ${name} of the entry.`, schema: { type: 'string', pattern: '^[a-z0-9.-]+$', maxLength: 64 } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = {
  400: { $ref: '#/components/responses/BadRequest' },
  401: { $ref: '#/components/responses/Unauthorized' },
  404: { $ref: '#/components/responses/NotFound' },
};
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });

/** A row's schema: what a list's rows hold (the name first, a relation to the hosting accounts, a few kinds of value). */
function rowSchema(word: string, at: number): JsonObject {
  return {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'string', readOnly: true, description: `The ${singularOf(word)}'s identifier.` },
      name: { type: 'string', maxLength: 120 },
      status: { type: 'string', enum: ['active', 'suspended', 'pending'] },
      ...(at % 3 === 0 ? { account: { type: 'string', description: 'The hosting account it belongs to.' } } : {}),
      quotaMiB: { type: 'integer', minimum: 0 },
      enabled: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      created: { type: 'string', format: 'date-time', readOnly: true },
      owner: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
      password: { type: 'string', writeOnly: true },
    },
  };
}

/** A list answer in one of the envelopes real APIs use, by the family's place. */
function listAnswer(word: string, at: number): unknown {
  const rows = { type: 'array', items: ref(schemaName(word)) };
  if (at % 3 === 0) return { allOf: [ref('Page'), { type: 'object', properties: { data: rows } }] };
  if (at % 3 === 1) return { type: 'object', properties: { items: rows, total_count: { type: 'integer' } } };
  return rows;
}

const pagingParameters = [
  { $ref: '#/components/parameters/Page' },
  { $ref: '#/components/parameters/PerPage' },
];

export function hostingDescription(wanted: number): { document: JsonObject; operations: number } {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Page: { type: 'object', properties: { total: { type: 'integer' }, page: { type: 'integer' }, per_page: { type: 'integer' } } },
    Problem: { type: 'object', properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } } },
    Settings: { type: 'object', properties: { php: { type: 'string', enum: ['8.2', '8.3', '8.4'] }, memoryMiB: { type: 'integer' }, https: { type: 'boolean' } } },
    Password: { type: 'object', required: ['password'], properties: { password: { type: 'string', format: 'password', writeOnly: true, minLength: 12 } } },
  };
  schemas.LogEntry = rowSchema('log-entries', 2);
  let count = 0;
  const add = (apiPath: string, method: string, operation: Record<string, unknown>, parameters: string[]) => {
    if (count >= wanted) return;
    count += 1;
    const item = paths[apiPath] ?? { parameters: parameters.map(pathParameter) };
    item[method] = { operationId: `op${count}`, responses: errors, ...operation };
    paths[apiPath] = item;
  };
  const list = (tag: string, word: string, at: number, paged: boolean) => ({
    tags: [tag], summary: `List ${word}`, description: `The ${word}, oldest first.`,
    ...(paged ? { parameters: pagingParameters } : {}),
    responses: { 200: json(listAnswer(word, at)), ...errors },
  });
  const create = (tag: string, word: string) => ({ tags: [tag], summary: `Add a ${singularOf(word)}`, requestBody: { required: true, content: { 'application/json': { schema: ref(schemaName(word)) } } }, responses: { 201: json(ref(schemaName(word)), 'Added'), ...errors } });
  const read = (tag: string, word: string) => ({ tags: [tag], summary: `Read a ${singularOf(word)}`, responses: { 200: json(ref(schemaName(word))), ...errors } });
  const change = (tag: string, word: string) => ({ tags: [tag], summary: `Change a ${singularOf(word)}`, requestBody: { content: { 'application/json': { schema: ref(schemaName(word)) } } }, responses: { 200: json(ref(schemaName(word))), ...errors } });
  const remove = (tag: string, word: string) => ({ tags: [tag], summary: `Delete a ${singularOf(word)}`, responses: { 204: { description: 'Deleted' }, ...errors } });

  // Customers, at the top.
  schemas.Customer = rowSchema('customers', 1);
  add('/customers', 'get', list('Customers', 'customers', 0, true), []);
  add('/customers', 'post', create('Customers', 'customers'), []);
  add('/customers/{customerId}', 'get', read('Customers', 'customers'), ['customerId']);
  add('/customers/{customerId}', 'patch', change('Customers', 'customers'), ['customerId']);
  add('/customers/{customerId}', 'delete', remove('Customers', 'customers'), ['customerId']);

  for (let round = 0; count < wanted; round += 1) {
    for (const [at, family] of FAMILIES.entries()) {
      if (count >= wanted) break;
      // After one round of families, more of them (`accounts-2`): a description as long as wanted.
      const suffix = round === 0 ? '' : `-${round + 1}`;
      const word = `${family.name}${suffix}`;
      const sub = `${family.sub}${suffix}`;
      const deeper = `${family.deeper}${suffix}`;
      const flat = `${family.flat}${suffix}`;
      const tag = schemaName(word);
      for (const [place, name] of [word, sub, deeper, flat].entries()) schemas[schemaName(name)] = rowSchema(name, at + place);

      const customer = '/customers/{customerId}';
      const top = [`customerId`];
      const item = `${customer}/${word}/{${idOf(word)}}`;
      const itemParameters = [...top, idOf(word)];
      add(`${customer}/${word}`, 'get', list(tag, word, at, true), top);
      add(`${customer}/${word}`, 'post', create(tag, word), top);
      add(item, 'get', read(tag, word), itemParameters);
      add(item, 'patch', change(tag, word), itemParameters);
      add(item, 'delete', remove(tag, word), itemParameters);
      add(`${item}/settings`, 'get', { tags: [tag], summary: 'Read its settings', responses: { 200: json(ref('Settings')), ...errors } }, itemParameters);
      add(`${item}/settings`, 'patch', { tags: [tag], summary: 'Change its settings', requestBody: { content: { 'application/json': { schema: ref('Settings') } } }, responses: { 200: json(ref('Settings')), ...errors } }, itemParameters);
      add(`${item}/password`, 'put', { tags: [tag], summary: 'Change the password', requestBody: { required: true, content: { 'application/json': { schema: ref('Password') } } }, responses: { 204: { description: 'Changed' }, ...errors } }, itemParameters);
      for (const verb of [VERBS[at % VERBS.length] ?? 'renew', VERBS[(at + 3) % VERBS.length] ?? 'sync']) {
        add(`${item}/actions/${verb}`, 'post', { tags: [tag], summary: `${verb} it`, responses: { 202: { description: 'Started' }, ...errors } }, itemParameters);
      }
      add(`${item}/status`, 'get', { tags: [tag], summary: 'Read its status', responses: { 200: json({ type: 'object', properties: { state: { type: 'string' }, since: { type: 'string', format: 'date-time' } } }), ...errors } }, itemParameters);

      // Three levels down, with its item; four levels down below that.
      const subList = `${item}/${sub}`;
      const subItem = `${subList}/{${idOf(sub)}}`;
      const subParameters = [...itemParameters, idOf(sub)];
      add(subList, 'get', list(tag, sub, at + 1, at % 2 === 0), itemParameters);
      add(subList, 'post', create(tag, sub), itemParameters);
      add(subItem, 'get', read(tag, sub), subParameters);
      add(subItem, 'patch', change(tag, sub), subParameters);
      add(subItem, 'delete', remove(tag, sub), subParameters);
      add(`${subItem}/${deeper}`, 'get', list(tag, deeper, at + 2, false), subParameters);
      add(`${subItem}/${deeper}/{${idOf(deeper)}}`, 'get', read(tag, deeper), [...subParameters, idOf(deeper)]);
      add(`${subItem}/${deeper}/{${idOf(deeper)}}`, 'delete', remove(tag, deeper), [...subParameters, idOf(deeper)]);
      // Every other family one level more: a list four levels below the customer.
      if (at % 2 === 0) add(`${subItem}/${deeper}/{${idOf(deeper)}}/log-entries`, 'get', list(tag, 'log-entries', at, true), [...subParameters, idOf(deeper)]);

      // A list below the item whose item lives at a flat path, with a write-only aspect.
      const flatItem = `/${flat}/{${idOf(flat)}}`;
      add(`${item}/${flat}`, 'get', list(tag, flat, at + 1, true), itemParameters);
      add(flatItem, 'get', read(tag, flat), [idOf(flat)]);
      add(flatItem, 'patch', change(tag, flat), [idOf(flat)]);
      add(flatItem, 'delete', remove(tag, flat), [idOf(flat)]);
      add(`${flatItem}/password`, 'put', { tags: [tag], summary: 'Change its password', requestBody: { required: true, content: { 'application/json': { schema: ref('Password') } } }, responses: { 204: { description: 'Changed' }, ...errors } }, [idOf(flat)]);

      // A deprecated duplicate of the list, at the old versioned path.
      add(`/v1${customer}/${word}`, 'get', { ...list(tag, word, at, true), deprecated: true, summary: `List ${word} (old)` }, top);
    }
  }
  const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
  const document: JsonObject = JSON.parse(JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'A hosting API', version: '1.0' },
    servers: [{ url: API_ROOT }],
    paths,
    components: {
      schemas,
      parameters: {
        Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        PerPage: { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
      },
      responses: { BadRequest: problem('Bad request'), Unauthorized: problem('No valid key'), NotFound: problem('Not found') },
    },
  })) as JsonObject;
  return { document, operations: count };
}

// ---- Timing ---------------------------------------------------------------------------------

interface Timed { index: number[]; model: number[]; both: number[]; found: string }

/** WARMUP builds, then `runs` timed ones, each on a fresh document from `text`. */
function timeBuilds(text: string, version: string, runs: number, warmup: number): Timed {
  const timed: Timed = { index: [], model: [], both: [], found: '' };
  for (let run = 0; run < warmup + runs; run += 1) {
    const document = JSON.parse(text) as JsonObject;
    const start = performance.now();
    const index = indexDescription(document, version, API_ROOT);
    const indexed = performance.now();
    const model = resourceModel(document, index);
    const end = performance.now();
    if (run < warmup) continue;
    timed.index.push(indexed - start);
    timed.model.push(end - indexed);
    timed.both.push(end - start);
    if (timed.found === '') {
      const items = new Map(model.items.map((item) => [item.apiPath, item]));
      const parts = (kind: 'settings' | 'aspects' | 'actions' | 'views') => model.items.reduce((sum, item) => sum + item[kind].length, 0);
      const identified = model.collections.filter((collection) => collection.identifier !== undefined).length;
      const flat = model.items.filter((item) => item.flat).length;
      const collections = new Map(model.collections.map((collection) => [collection.apiPath, collection]));
      const depthOf = (apiPath: string | undefined): number => {
        const collection = apiPath === undefined ? undefined : collections.get(apiPath);
        const above = collection?.parent === undefined ? undefined : items.get(collection.parent)?.collection;
        return collection === undefined ? 0 : 1 + (above === undefined || above === apiPath ? 0 : depthOf(above));
      };
      const deepest = Math.max(0, ...model.collections.map((collection) => depthOf(collection.apiPath)));
      const deprecated = index.operations.filter((operation) => operation.deprecated);
      const listedTwice = model.collections.filter((collection) => deprecated.some((operation) => operation.key === collection.list.key)).length;
      timed.found = `${index.operations.length} operations (${deprecated.length} deprecated, ${listedTwice} of them listed) → ${model.collections.length} collections (${model.top.length} at the top, ${identified} whose rows open their item, ` +
        `${model.collections.filter((collection) => collection.paging.kind !== 'none').length} paged, up to ${deepest} lists deep on one path), ${model.items.length} items (${flat} flat), ` +
        `${parts('settings')} settings, ${parts('aspects')} write-only aspects, ${parts('actions')} actions, ${parts('views')} read-only views, ` +
        `${model.collections.reduce((sum, collection) => sum + collection.relations.length, 0)} relations`;
    }
  }
  return timed;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const stats = (values: readonly number[]) => `median ${fmt(median(values)).padStart(6)} ms, max ${fmt(Math.max(...values)).padStart(6)} ms`;

const loadAtStart = loadavg()[0] ?? NaN;
console.log(`The resource model (resourceModel after indexDescription, as the description's worker makes it), Node ${process.version}, ` +
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), 1-minute load average ${loadAtStart.toFixed(2)} at the start; ` +
  `${WARMUP} builds to warm up, then ${RUNS} timed, each on a fresh document (JSON.parse, not timed).`);

const generated = hostingDescription(OPERATIONS);
const generatedText = JSON.stringify(generated.document);
const own = timeBuilds(generatedText, '3.1.0', RUNS, WARMUP);
console.log(`\nGenerated hosting API, ${generated.operations} operations, ${(generatedText.length / 1024).toFixed(0)} KiB of JSON:`);
console.log(`  ${own.found}`);
console.log(`  model alone:      ${stats(own.model)}`);
console.log(`  index alone:      ${stats(own.index)}`);
console.log(`  index and model:  ${stats(own.both)}`);
// The verdict counts the index too: a description read for the Resources screen alone pays for both.
const met = median(own.both) <= TARGET_MS;
console.log(`  target: index and model in under ${TARGET_MS} ms (median of ${RUNS}): ${met ? 'met' : 'MISSED'} (${fmt(median(own.both))} ms; the model alone ${fmt(median(own.model))} ms)`);

if (options.dir.length > 0) {
  const fixtures = findFixtures(options.dir.map((folder) => path.resolve(folder)));
  console.log(`\nDescriptions in ${options.dir.join(', ')}: ${fixtures.length === 0 ? 'none found (<name>.json|yaml|yml, plain, .gz or .br)' : fixtures.length}`);
  for (const fixture of fixtures) {
    const read = readDescription(fixtureText(fixture.file));
    if (!read.ok) {
      console.log(`  ${fixture.name}: not read (${read.problem.key})`);
      continue;
    }
    const text = JSON.stringify(read.document);
    try {
      const timed = timeBuilds(text, read.version, RUNS, Math.min(WARMUP, 2));
      console.log(`  ${fixture.name} (${path.basename(fixture.file)}, ${(text.length / 1024).toFixed(0)} KiB as JSON): model ${stats(timed.model)}; index and model ${stats(timed.both)}`);
      console.log(`    ${timed.found}`);
    } catch (error) {
      console.log(`  ${fixture.name}: the model threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
}
console.log(`\n1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? NaN).toFixed(2)} at the end`);
process.exitCode = met ? 0 : 1;
