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

// Each case draws a body that fits the rules often enough (25 to 55 % here) that "both sides were
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

// The settings of a hosting account, a mailbox's quota and password.
const phpVersion = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('8.1', '8.2', '8.3', '8.4') }, { weight: 2, arbitrary: fc.constantFrom('7.4', '8.0', '8.5', '', 8.3, null) });
const memory = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 3000 }) },
  { weight: 2, arbitrary: fc.constantFrom(63, 64, 2048, 2049, 128.5, '256', null) },
);
const settingsChange = objectOf({ phpVersion, phpMemoryLimitMiB: memory, sshAccess: bool }, ['diskQuotaMiB', 'extra']);
const mailboxChange = objectOf({ quotaMiB: quota }, ['localPart', 'password', 'address', 'extra']);
const passwordBody = fc.oneof(
  { weight: 3, arbitrary: fc.record({ password }) },
  { weight: 1, arbitrary: objectOf({ password }, ['quotaMiB', 'extra']) },
);

// Mail forwards: a source like a local part, 1 to 20 different addresses.
const address = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a@b.example', 'ben.schulz@mail.example', 'x+y@z.example', 'A.B@xn--mnchen-3ya.de', "o'neil@c.example") },
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.constantFrom('a@B.example', 'a..b@c.example', '.a@c.example', '@b.example', 'a@b', 'a b@c.example', 'ü@b.example', `${'x'.repeat(65)}@b.example`, 'a@-b.example') },
  { weight: 1, arbitrary: junk },
);
const destinations = fc.oneof(
  { weight: 6, arbitrary: fc.array(address, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('a@b.example'), { minLength: 19, maxLength: 22 }).map((list) => list.map((item, index) => `${index}${item}`)) },
  { weight: 1, arbitrary: junk },
);
const fittingForward = fc.record({
  source: fc.constantFrom('office', 'a.b', 'team-1'),
  destinations: fc.uniqueArray(fc.constantFrom('a@b.example', 'ben.schulz@mail.example', 'x+y@z.example'), { minLength: 1, maxLength: 3 }),
});
const forwardBody = fc.oneof(
  { weight: 2, arbitrary: fittingForward },
  { weight: 3, arbitrary: fc.record({ source: localPart, destinations }, { requiredKeys: ['source', 'destinations'] }) },
  { weight: 1, arbitrary: objectOf({ source: localPart, destinations }, ['id', 'address', 'domain']) },
);
const forwardChange = objectOf({ destinations }, ['source', 'address', 'id', 'domain', 'extra']);

// DNS records: a value whose rule follows the type.
const recordType = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('A', 'AAAA', 'CNAME', 'MX', 'TXT') }, { weight: 1, arbitrary: fc.constantFrom('SRV', 'a', '', null, 1) });
const recordName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('@', 'www', '*.shop', '_dmarc', 'a.b', '*') },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9_.*@-]{0,12}$/) },
  { weight: 1, arbitrary: fc.constantFrom('WWW', 'www.', 'a..b', 'a'.repeat(64), '') },
  { weight: 1, arbitrary: junk },
);
const recordValue = fc.oneof(
  { weight: 2, arbitrary: fc.ipV4() },
  { weight: 2, arbitrary: fc.ipV6() },
  { weight: 2, arbitrary: fc.constantFrom('10 mail.example.org.', 'v=spf1 mx -all', 'x'.repeat(255), 'x'.repeat(256), '', '0192.0.2.1', '1::2::3') },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: junk },
);
const ttl = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 90_000 }) }, { weight: 1, arbitrary: fc.constantFrom(59, 60, 86_400, 86_401, 3600.5, '3600', null) });
const fittingRecord = fc.oneof(
  fc.record({ type: fc.constant('A'), name: fc.constantFrom('@', 'www'), value: fc.ipV4(), ttl: fc.integer({ min: 60, max: 86_400 }) }, { requiredKeys: ['type', 'name', 'value'] }),
  fc.record({ type: fc.constant('AAAA'), name: fc.constantFrom('@', 'www'), value: fc.ipV6() }),
  fc.record({ type: fc.constantFrom('CNAME', 'MX', 'TXT'), name: fc.constantFrom('@', '_dmarc'), value: fc.constantFrom('v=spf1 mx -all', '10 mx.example.') }),
);
const recordBody = fc.oneof(
  { weight: 2, arbitrary: fittingRecord },
  { weight: 3, arbitrary: fc.record({ type: recordType, name: recordName, value: recordValue, ttl }, { requiredKeys: ['type', 'name', 'value'] }) },
  { weight: 1, arbitrary: objectOf({ type: recordType, name: recordName, value: recordValue, ttl }, ['id', 'priority']) },
);
// On a TXT record, whose value rule (1 to 255 characters) the change schema states as it is.
const recordChange = objectOf({ name: recordName, value: recordValue, ttl }, ['type', 'id', 'extra']);

interface Given { path: string; body: Record<string, unknown> }
const GIVEN_DOMAIN: Given = { path: '/customers/c0002/domains', body: { domain: 'example.com', account: 'web77' } };
const GIVEN_MAILBOX: Given = { path: `${DOMAIN}/mailboxes`, body: { localPart: 'info', password: 'a-long-enough-password' } };
const GIVEN_FORWARD: Given = { path: `${DOMAIN}/forwards`, body: { source: 'team', destinations: ['team@example.net'] } };
const GIVEN_RECORD: Given = { path: `${DOMAIN}/dns/records`, body: { type: 'TXT', name: '@', value: 'given' } };

const CASES: readonly { operationId: string; method: string; path: string; body: fc.Arbitrary<unknown>; given: readonly Given[]; success: number }[] = [
  { operationId: 'addDomain', method: 'POST', path: '/customers/c0002/domains', body: domainBody, given: [], success: 201 },
  { operationId: 'changeDomain', method: 'PATCH', path: DOMAIN, body: domainChange, given: [GIVEN_DOMAIN], success: 200 },
  { operationId: 'changeAccountSettings', method: 'PATCH', path: '/customers/c0002/accounts/web77/settings', body: settingsChange, given: [], success: 200 },
  { operationId: 'addMailbox', method: 'POST', path: `${DOMAIN}/mailboxes`, body: mailboxBody, given: [GIVEN_DOMAIN], success: 201 },
  { operationId: 'changeMailbox', method: 'PATCH', path: `${DOMAIN}/mailboxes/info`, body: mailboxChange, given: [GIVEN_DOMAIN, GIVEN_MAILBOX], success: 200 },
  { operationId: 'setMailboxPassword', method: 'PUT', path: `${DOMAIN}/mailboxes/info/password`, body: passwordBody, given: [GIVEN_DOMAIN, GIVEN_MAILBOX], success: 204 },
  { operationId: 'addForward', method: 'POST', path: `${DOMAIN}/forwards`, body: forwardBody, given: [GIVEN_DOMAIN], success: 201 },
  { operationId: 'changeForward', method: 'PATCH', path: '/customers/c0002/forwards/f0001', body: forwardChange, given: [GIVEN_DOMAIN, GIVEN_FORWARD], success: 200 },
  { operationId: 'addDnsRecord', method: 'POST', path: `${DOMAIN}/dns/records`, body: recordBody, given: [GIVEN_DOMAIN], success: 201 },
  { operationId: 'changeDnsRecord', method: 'PATCH', path: `${DOMAIN}/dns/records/r0001`, body: recordChange, given: [GIVEN_DOMAIN, GIVEN_RECORD], success: 200 },
];

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

describe.each(CASES)('$operationId: the request schema is the rule', ({ operationId, method, path, body, given, success }) => {
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
        for (const { path: at, body: made } of given) expect((await callApi(app, 'POST', at, { key: KEY, body: made })).status).toBe(201);
        const response = await callApi(app, method, path, { key: KEY, body: sent });
        const valid = schemaErrors(description, media?.schema, sent, 'request').length === 0;
        // A body that is not an object at all is malformed (400); a wrong field is a 422.
        const isObject = typeof sent === 'object' && sent !== null && !Array.isArray(sent);
        const expected = valid ? success : isObject ? 422 : 400;
        verdicts[valid ? 'accepted' : 'refused'] += 1;
        expect({ status: response.status, body: sent }).toEqual({ status: expected, body: sent });
        if (response.status === 204) return;
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
