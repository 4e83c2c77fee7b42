import { describe, expect, it } from 'vitest';
import { collectionName, singularName, singularWord } from './resource-names.ts';

describe('resource names from path segments', () => {
  it.each([
    [['domains'], 'Domains', 'domain'],
    [['mailboxes'], 'Mailboxes', 'mailbox'],
    [['mail-addresses'], 'Mail addresses', 'mail address'],
    [['dns', 'records'], 'DNS records', 'DNS record'],
    [['customers'], 'Customers', 'customer'],
    [['policies'], 'Policies', 'policy'],
    [['aliases'], 'Aliases', 'alias'],
    [['databases'], 'Databases', 'database'],
    [['statuses'], 'Statuses', 'status'],
    [['ips'], 'IPs', 'IP'],
    [['ssl_certificates'], 'SSL certificates', 'SSL certificate'],
    [['hostingAccounts'], 'Hosting accounts', 'hosting account'],
    [['forwards'], 'Forwards', 'forward'],
    [['accounts'], 'Accounts', 'account'],
    [['settings'], 'Settings', 'settings'],
    [['dns'], 'DNS', 'DNS'],
    [['access'], 'Access', 'access'],
  ])('%j → %s, %s', (segments, name, singular) => {
    expect(collectionName(segments)).toBe(name);
    expect(singularName(segments)).toBe(singular);
  });

  it.each([['boxes', 'box'], ['matches', 'match'], ['caches', 'cache'], ['houses', 'house'], ['leases', 'lease'], ['bus', 'bus'], ['analysis', 'analysis'], ['URLs', 'URL']])('%s → %s', (plural, singular) => {
    expect(singularWord(plural)).toBe(singular);
  });
});
