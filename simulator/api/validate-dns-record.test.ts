import { isIPv4, isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DNS_NAME_PATTERN, IPV4_PATTERN, IPV6_PATTERN } from './validate-dns-record.ts';

// The address patterns the description states and the routes enforce say what Node says.
describe('IPV4_PATTERN and IPV6_PATTERN', () => {
  const ipv4 = new RegExp(IPV4_PATTERN, 'u');
  const ipv6 = new RegExp(IPV6_PATTERN, 'u');
  const hexish = fc.string({ unit: fc.constantFrom('0', '1', 'a', 'F', 'f', ':', ':', ':', '.', '9', 'g'), maxLength: 45 });
  const v6 = fc.oneof(fc.ipV6(), hexish, fc.tuple(fc.ipV6(), fc.ipV4()).map(([six, four]) => `${six.split(':').slice(0, 6).join(':')}:${four}`));
  const v4 = fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9', '.'), maxLength: 16 }));

  it('IPv4: what isIPv4 says, for any text', () => {
    fc.assert(fc.property(v4, (text) => { expect(ipv4.test(text)).toBe(isIPv4(text)); }), { numRuns: 5000 });
  });

  it('IPv6: what isIPv6 says, for any text without a zone id', () => {
    fc.assert(fc.property(v6, (text) => { expect(ipv6.test(text)).toBe(isIPv6(text)); }), { numRuns: 5000 });
  });

  it.each(['::', '::1', '1::', '2001:db8::10', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::ffff:192.0.2.1', '1:2:3:4:5:6:1.2.3.4', '1::2:3:4:5:6:7'])('takes %s', (text) => {
    expect(ipv6.test(text)).toBe(true);
  });

  it.each([':::', '1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', '1:2:3:4:5:6:7:1.2.3.4', 'fe80::1%eth0', ' ::1', '::1 '])('refuses %s', (text) => {
    expect(ipv6.test(text)).toBe(false);
  });
});

describe('DNS_NAME_PATTERN', () => {
  const name = new RegExp(DNS_NAME_PATTERN, 'u');

  it.each(['@', '*', 'www', '*.shop', '_dmarc', 'a.b.c', 'selector._domainkey', `${'a'.repeat(63)}.b`])('takes %s', (text) => {
    expect(name.test(text)).toBe(true);
  });

  it.each(['', 'WWW', 'www.', '.www', 'a..b', '-a', 'a-', '@.www', 'www.*', 'a'.repeat(64), 'a b', 'ü'])('refuses %j', (text) => {
    expect(name.test(text)).toBe(false);
  });
});
