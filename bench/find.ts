// `npm run bench:find`: how long "Find" takes to answer from cached lists of 10,000 names
// (issue 24, part 5: within one frame, 16 ms). Exits 1 when a needle's median is over TARGET_MS.
//
// The lists are made here (deterministic, no randomness) as the cache would hold them on a busy
// server: 1,000 customers, 4,000 domains (one in ten an IDN kept in ASCII, `xn--…`) and 5,000
// mailboxes of one domain, each list a rows array of its own, under the collections of a small
// hosting description (customers → domains → mailboxes). Their names are prepared once, as the
// page does once per cache entry, in passes of a few milliseconds (timed, before the name rules
// and with them: tr46 for every `xn--` host), then each needle is matched RUNS times over all three lists through findGroups, the function
// the field calls on each keystroke (grouping, ranking, caps and links included). Needles: one
// letter (matches nearly everything: the caps end it early), a part of a name (a few hundred),
// a Unicode part of the IDNs, and one that matches nothing (every name read, the slowest).
import { indexDescription, type JsonObject } from './descriptions/pipeline.ts';
import { median } from './bench-support.ts';
// eslint-disable-next-line boundaries/dependencies -- this bench measures the page's own matcher, as bench/resources.ts does the model
import { findGroups, type FindSource } from '../src/features/resources/find/find-groups.ts';
// eslint-disable-next-line boundaries/dependencies -- the same
import { needleOf, preparedNames } from '../src/features/resources/find/find-match.ts';
// eslint-disable-next-line boundaries/dependencies -- the same
import { resourceMaps, resourceModel } from '../src/lib/openapi/resources/resource-model.ts';
// eslint-disable-next-line boundaries/dependencies -- the same
import { normalizeDomain } from '../src/lib/names/domain-name.ts';
// eslint-disable-next-line boundaries/dependencies -- the same
import { unicodeShown } from '../src/lib/names/shown-name.ts';

const TARGET_MS = 16;
const RUNS = 50;
/** As src/features/resources/find/use-find.ts prepares them per pass. */
const PREPARE_MS = 8;
const WARMUP = 10;
const NEEDLES = ['e', 'shop12', 'bücher', 'zzzz-none'];

const ok = (properties: string[]) => ({ responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])) } } } } } } });
const one = { responses: { 200: { description: 'ok' } } };
const path = (...names: string[]) => ({ parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) });
const description: JsonObject = {
  openapi: '3.1.0', info: { title: 'bench', version: '1' },
  paths: {
    '/customers': { get: ok(['id', 'name']) },
    '/customers/{customerId}': { ...path('customerId'), get: one },
    '/customers/{customerId}/domains': { ...path('customerId'), get: ok(['domain', 'account']) },
    '/customers/{customerId}/domains/{domain}': { ...path('customerId', 'domain'), get: one },
    '/customers/{customerId}/domains/{domain}/mailboxes': { ...path('customerId', 'domain'), get: ok(['address', 'localPart']) },
    '/customers/{customerId}/domains/{domain}/mailboxes/{localPart}': { ...path('customerId', 'domain', 'localPart'), get: one },
  },
};
const maps = resourceMaps(resourceModel(description, indexDescription(description, '3.1.0', '')));
const collection = (apiPath: string) => {
  const found = maps.collections.get(apiPath);
  if (!found) throw new Error(`the bench's description has no ${apiPath}`);
  return found;
};

const WORDS = ['shop', 'praxis', 'berg', 'linden', 'hof', 'werk', 'garten', 'haus', 'studio', 'verlag'];
const IDN = ['xn--bcher-kva', 'xn--mnchen-3ya', 'xn--grn-bda', 'xn--caf-dma'];
const word = (at: number) => `${WORDS[at % WORDS.length] ?? ''}${String(at)}`;

const customers = Array.from({ length: 1000 }, (_, at) => ({ id: `c${String(at).padStart(4, '0')}`, name: `Customer ${word(at)} GmbH` }));
const domains = Array.from({ length: 4000 }, (_, at) => ({ domain: at % 10 === 0 ? `${word(at)}.${IDN[at % IDN.length] ?? ''}.example` : `${word(at)}.example`, account: `web${String(at % 50)}` }));
const mailboxes = Array.from({ length: 5000 }, (_, at) => ({ localPart: word(at), address: `${word(at)}@shop.example` }));

const source = (apiPath: string, segments: string[], values: Record<string, string>, nameKey: string, rows: FindSource['rows']): FindSource =>
  ({ collection: collection(apiPath), segments, values, rows, nameKey, context: undefined, askedFor: undefined, complete: true });
const sources = [
  source('/customers', ['customers'], {}, 'name', customers),
  source('/customers/{customerId}/domains', ['customers', 'c0002', 'domains'], { customerId: 'c0002' }, 'domain', domains),
  source('/customers/{customerId}/domains/{domain}/mailboxes', ['customers', 'c0002', 'domains', 'shop.example', 'mailboxes'], { customerId: 'c0002', domain: 'shop.example' }, 'address', mailboxes),
];
const names = sources.reduce((sum, { rows }) => sum + rows.length, 0);
const shown = (name: string) => unicodeShown(name, normalizeDomain);

const fmt = (ms: number) => ms.toFixed(2);
// Prepared as the page prepares them: in passes of PREPARE_MS, before the name rules are there,
// and then once more with them; each pass is a task of its own on the page.
function prepareInPasses(withRules: boolean): { total: number; passes: number; longest: number } {
  let total = 0;
  let passes = 0;
  let longest = 0;
  for (let pending = true; pending; passes += 1) {
    const start = performance.now();
    pending = findGroups(sources, 'warm', { maps, shown: withRules ? shown : undefined, budgetMs: PREPARE_MS }).pending;
    const took = performance.now() - start;
    total += took;
    longest = Math.max(longest, took);
  }
  return { total, passes, longest };
}
const plain = prepareInPasses(false);
const ruled = prepareInPasses(true);
for (const { rows } of sources) if (preparedNames(rows, undefined, undefined, shown).texts.length !== rows.length) throw new Error('not all names prepared');
const passes = (made: typeof plain) => `${fmt(made.total)} ms in ${String(made.passes)} passes, the longest ${fmt(made.longest)} ms`;

console.log(`Find over ${String(names)} cached names (${String(sources.length)} lists), ${String(RUNS)} runs per needle after ${String(WARMUP)} warm-up runs:`);
console.log(`  names prepared once per list, in passes of ${String(PREPARE_MS)} ms: ${passes(plain)} before the name rules; ${passes(ruled)} with them (IDNs in Unicode via tr46)`);
let worst = 0;
for (const typed of NEEDLES) {
  const needle = needleOf(typed);
  const times: number[] = [];
  let shownResults = 0;
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const start = performance.now();
    const { groups } = findGroups(sources, needle, { maps, shown });
    const took = performance.now() - start;
    if (run >= WARMUP) times.push(took);
    shownResults = groups.reduce((sum, group) => sum + group.results.length, 0);
  }
  const middle = median(times);
  worst = Math.max(worst, middle);
  console.log(`  ${JSON.stringify(typed).padEnd(12)} median ${fmt(middle).padStart(6)} ms, max ${fmt(Math.max(...times)).padStart(6)} ms (${String(shownResults)} results shown)`);
}
const verdict = worst <= TARGET_MS ? 'within' : 'OVER';
console.log(`Slowest median: ${fmt(worst)} ms (target ${String(TARGET_MS)} ms, one frame: ${verdict})`);
if (worst > TARGET_MS) process.exitCode = 1;
