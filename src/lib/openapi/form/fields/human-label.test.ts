import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanLabel } from './human-label.ts';

describe('humanLabel: a wire name as a person reads it', () => {
  it.each([
    ['localPart', 'Local part'],
    ['quotaMiB', 'Quota (MiB)'],
    ['dkim', 'DKIM'],
    ['www', 'www'],
    ['enabled', 'Enabled'],
    ['customerId', 'Customer ID'],
    ['customer_id', 'Customer ID'],
    ['diskQuotaMiB', 'Disk quota (MiB)'],
    ['size_in_gb', 'Size (GB)'],
    ['timeoutSeconds', 'Timeout (s)'],
    ['DNSRecords', 'DNS records'],
    ['ipv6Address', 'IPv6 address'],
    ['pop3Enabled', 'POP3 enabled'],
    ['ssl-certificate', 'SSL certificate'],
    ['accountIds', 'Account IDs'],
    ['https', 'HTTPS'],
    ['password2', 'Password 2'],
    ['userName', 'User name'],
    ['DEBUG_MODE', 'Debug mode'],
    ['__proto__', 'Proto'],
    ['größe', 'Größe'],
    ['mailboxÜberQuota', 'Mailbox über quota'],
    ['IPv6Address', 'IPv6 address'],
    ['userIDs', 'User IDs'],
    ['CAs', 'CAs'],
    ['OAuth2Token', 'OAuth2 token'],
    ['e-mail', 'Email'],
    ['githubAppId', 'GitHub app ID'],
  ])('%s → %s', (name, label) => {
    expect(humanLabel(name)).toBe(label);
  });

  it.each([[''], ['42'], ['-'], ['a_b_c_d_e_f_g_h_i_j_k_l_m']])('leaves %j as written (nothing to make human, or too long to be a label)', (name) => {
    expect(humanLabel(name)).toBe(name);
  });
});

describe('humanLabel: never a wire name where a human form exists', () => {
  const word = fc.stringMatching(/^[a-z]{2,8}$/);
  it('a camelCase or snake_case name of up to 12 words becomes words: no hump, no underscore', () => {
    fc.assert(fc.property(fc.array(word, { minLength: 2, maxLength: 12 }), fc.constantFrom('camel', 'snake', 'kebab'), (words, style) => {
      const name = style === 'camel' ? words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('') : words.join(style === 'snake' ? '_' : '-');
      const label = humanLabel(name);
      expect(label).not.toMatch(/[a-z][A-Z]|_/);
      expect(label).not.toBe(name);
    }));
  });
});
