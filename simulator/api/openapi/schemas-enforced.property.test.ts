// The schemas the description gives are the rules the routes enforce: for any body, the route
// accepts it exactly when the request schema does, refuses it otherwise (422; 400 when it is not
// even an object), and answers what the response schema says. Checked against a customer's view, whose schemas name its own
// hosting accounts (an admin's cannot: which accounts exist depends on the customer in the path).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callApi, fetchDescription, resolveRef, type Description } from '../../testing/api-calls.ts';
import { schemaErrors } from '../../testing/json-schema-check.ts';
import { createTestSim } from '../../testing/test-helpers.ts';
import { DOMAIN_NAME_PATTERN, isValidDomainName } from '../validate-domain.ts';

const RUNS = 300;
const KEY = 'demo-customer-key';
const DOMAIN = '/customers/c0002/domains/example.com';

const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('', ' ', '\n'));
const junk = fc.oneof(text, fc.integer(), fc.constant(null), fc.constant([]), fc.constant({}));
const bool = fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('yes', 'true', 1, 0, null) });

const labels = fc
  .array(fc.stringMatching(/^[a-z0-9-]{0,8}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('.'));
const domainName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('example.org', 'xn--mnchen-3ya.de', 'a-b.example', '1und1.de', 'a.b', `${'a'.repeat(63)}.de`) },
  { weight: 3, arbitrary: fc.domain().filter((name) => name !== 'example.com') },
  { weight: 2, arbitrary: labels },
  { weight: 2, arbitrary: fc.constantFrom('Example.org', 'münchen.de', 'a_b.de', '-x.de', 'x-.de', 'x..de', 'localhost', '10.0.0.1', 'ab--cd.de', 'a---b.de', 'example.org.', `${'a'.repeat(64)}.de`) },
  { weight: 1, arbitrary: junk },
);
const target = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('/', '/sites/a', '/a..b', '/..x', 'https://b.example/x', 'http://b', 'https://b.example') },
  { weight: 3, arbitrary: fc.constantFrom('/a/../b', '/..', '/a/..', 'relative', 'http://', 'ftp://x', '/a\n/..', '', 'https:// x') },
  { weight: 2, arbitrary: fc.webUrl() },
  { weight: 2, arbitrary: fc.stringMatching(/^\/[a-z./]{0,12}$/) },
  { weight: 1, arbitrary: junk },
);
const webType = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('webspace', 'redirect', 'none') }, { weight: 1, arbitrary: fc.constantFrom('ftp', '', null, 1) });

/** An object of these optional fields, sometimes with a field no schema names, sometimes not an object at all. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>, extraKeys: readonly string[]): fc.Arbitrary<unknown> {
  const record = fc.record(fields, { requiredKeys: [] });
  const extra = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...extraKeys), junk) });
  const withExtra = fc.tuple(record, extra).map(([value, added]) => (added ? { ...value, [added[0]]: added[1] } : value));
  return fc.oneof({ weight: 8, arbitrary: withExtra }, { weight: 1, arbitrary: fc.constantFrom('on', [], null, 1) });
}

// Mostly a target that fits its type, so that valid bodies are common; any mix besides.
const fittingWeb = fc.oneof(
  fc.record({ enabled: bool, type: fc.constant('webspace'), target: fc.constantFrom('/', '/sites/a', '/a..b') }, { requiredKeys: [] }),
  fc.record({ enabled: bool, type: fc.constant('redirect'), target: fc.constantFrom('https://b.example/x', 'http://b') }, { requiredKeys: ['type'] }),
  fc.record({ enabled: bool, type: fc.constant('none'), target: text }, { requiredKeys: ['type'] }),
);
const web = fc.oneof(fittingWeb, objectOf({ enabled: bool, type: webType, target }, ['port', 'a/b']));
const mail = objectOf({ enabled: bool, dkim: bool }, ['spf']);
const settings = { www: bool, web, mail };
const account = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('web77', 'web78') }, { weight: 1, arbitrary: fc.constantFrom('web1', '', 'WEB77', 5, null) });

// Each case draws a body that fits the rules often enough (30 to 45 % here) that "both sides were
// tried" below holds for any seed, not just most: at 300 runs the threshold of 30 is > 7 standard deviations away.
const fittingDomain = fc.record(
  { domain: fc.constantFrom('example.org', 'xn--mnchen-3ya.de', 'a-b.example'), account: fc.constantFrom('web77', 'web78'), www: fc.boolean(), web: fittingWeb, mail: fc.record({ enabled: fc.boolean(), dkim: fc.boolean() }, { requiredKeys: [] }) },
  { requiredKeys: ['domain', 'account'] },
);
const domainBody = fc.oneof(
  { weight: 1, arbitrary: fittingDomain },
  { weight: 3, arbitrary: fc.record({ domain: domainName, account, ...settings }, { requiredKeys: ['domain', 'account'] }) },
  { weight: 1, arbitrary: objectOf({ domain: domainName, account, ...settings }, ['id', 'extra']) },
);
const domainChange = objectOf(settings, ['domain', 'account', 'id', 'extra']);

const localPart = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('info', 'a.b', 'a-b_c', 'x'.repeat(64), '0') },
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9._-]{1,70}$/) },
  { weight: 2, arbitrary: fc.constantFrom('a..b', '.a', 'a.', 'Info', 'ü', 'x'.repeat(65), '', 'a b') },
  { weight: 1, arbitrary: junk },
);
const password = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 8, maxLength: 140 }) },
  { weight: 2, arbitrary: fc.constantFrom('x'.repeat(11), 'x'.repeat(12), 'x'.repeat(128), 'x'.repeat(129), '😀'.repeat(12), '😀'.repeat(6)) },
  { weight: 1, arbitrary: junk },
);
const quota = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -2, max: 110_000 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, 102_400, 102_401, 1.5, '1024', null, 1e300) },
  { weight: 1, arbitrary: fc.double() },
);
// Mostly a mailbox that fits the rules, so that valid bodies are common; any mix besides.
const fittingMailbox = fc.record(
  { localPart: fc.constantFrom('info', 'a.b', 'a-b_c', '0'), password: fc.constantFrom('correct horse battery', 'x'.repeat(12)), quotaMiB: fc.integer({ min: 0, max: 102_400 }) },
  { requiredKeys: ['localPart', 'password'] },
);
const mailboxBody = fc.oneof(
  { weight: 2, arbitrary: fittingMailbox },
  { weight: 3, arbitrary: fc.record({ localPart, password, quotaMiB: quota }, { requiredKeys: ['localPart', 'password'] }) },
  { weight: 1, arbitrary: objectOf({ localPart, password, quotaMiB: quota }, ['address', 'extra']) },
);

const CASES = [
  { operationId: 'addDomain', method: 'POST', path: '/customers/c0002/domains', body: domainBody, domain: false },
  { operationId: 'changeDomain', method: 'PATCH', path: DOMAIN, body: domainChange, domain: true },
  { operationId: 'addMailbox', method: 'POST', path: `${DOMAIN}/mailboxes`, body: mailboxBody, domain: true },
] as const;

function operationById(description: Description, operationId: string): Record<string, unknown> {
  for (const item of Object.values(description.paths)) {
    for (const operation of Object.values(item)) if (operation.operationId === operationId) return operation;
  }
  throw new Error(`no operation ${operationId}`);
}

function schemaOfResponse(description: Description, operation: Record<string, unknown>, status: number): unknown {
  const response = resolveRef(description, (operation.responses as Record<string, unknown>)[String(status)]);
  const content = response.content as Record<string, { schema: unknown }>;
  return Object.values(content)[0]?.schema;
}

describe.each(CASES)('$operationId: the request schema is the rule', ({ operationId, method, path, body, domain }) => {
  it('accepts exactly the bodies the schema accepts, refuses the others (422, or 400 for no object), answers as described', async () => {
    const description = await fetchDescription(createTestSim().app, { key: KEY });
    const operation = operationById(description, operationId);
    const media = (operation.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json'];
    const verdicts = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        // What goes on the wire: NaN becomes null, -0 becomes 0.
        const sent: unknown = JSON.parse(JSON.stringify(generated));
        const { app } = createTestSim();
        if (domain) await callApi(app, 'POST', '/customers/c0002/domains', { key: KEY, body: { domain: 'example.com', account: 'web77' } });
        const response = await callApi(app, method, path, { key: KEY, body: sent });
        const valid = schemaErrors(description, media?.schema, sent, 'request').length === 0;
        // A body that is not an object at all is malformed (400); a wrong field is a 422.
        const isObject = typeof sent === 'object' && sent !== null && !Array.isArray(sent);
        const expected = valid ? (method === 'POST' ? 201 : 200) : isObject ? 422 : 400;
        verdicts[valid ? 'accepted' : 'refused'] += 1;
        expect({ status: response.status, body: sent }).toEqual({ status: expected, body: sent });
        const answer: unknown = await response.json();
        expect(schemaErrors(description, schemaOfResponse(description, operation, response.status), answer, 'response')).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // Both sides of the rule were tried, often enough to mean something.
    expect(verdicts.accepted).toBeGreaterThan(RUNS / 10);
    expect(verdicts.refused).toBeGreaterThan(RUNS / 10);
  });
});

describe('DOMAIN_NAME_PATTERN', () => {
  const pattern = new RegExp(DOMAIN_NAME_PATTERN, 'u');
  const names = fc.oneof(
    labels,
    fc.domain(),
    fc.string({ unit: fc.constantFrom('a', 'x', 'n', '0', '1', '-', '.', 'A', '_', 'ü'), maxLength: 70 }),
    fc.array(fc.constantFrom('a'.repeat(63), 'b'.repeat(61), 'xn--a', 'de', '9'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('.')),
  );

  it('says what isValidDomainName says, for any name', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(pattern.test(name)).toBe(isValidDomainName(name));
      }),
      { numRuns: 5000 },
    );
  });
});
