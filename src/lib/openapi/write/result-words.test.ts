import { describe, expect, it } from 'vitest';
import { normalizeDomain } from '../../names/domain-name.ts';
import type { JsonValue } from '../json.ts';
import { confirmsIdentifier, resultSubject, type SubjectInput, subjectPhrase } from './result-words.ts';
import type { WriteMethod } from './write-plan.ts';

const unicodeOf = (ascii: string) => {
  const result = normalizeDomain(ascii);
  return result.ok ? result.unicode : ascii;
};

const subject = (method: WriteMethod, template: string, path: string, more: Partial<SubjectInput> = {}) => resultSubject({
  template, path: path.split('/').filter((segment) => segment !== ''), secretSegments: [], method, sent: undefined, answer: undefined,
  hostnameParameters: new Set(['domain', 'host']), shownHost: unicodeOf, ...more,
});
const phrase = (...args: Parameters<typeof subject>) => {
  const found = subject(...args);
  return [found.action, subjectPhrase(found, 'item').What];
};

describe('what a write did, in words', () => {
  const body = (value: JsonValue) => value;
  it.each<[string, WriteMethod, string, string, Partial<SubjectInput>, string, string]>([
    ['a mailbox added: its address from the answer', 'POST', '/customers/{customerId}/domains/{domain}/mailboxes', '/customers/c0002/domains/mail.example/mailboxes',
      { sent: body({ localPart: 'sales', password: 'x' }), answer: body({ address: 'sales@mail.example', localPart: 'sales', quotaMiB: 1024 }) }, 'add', 'Mailbox sales@mail.example'],
    ['a mailbox added, the answer empty: its local part and the path\'s domain', 'POST', '/customers/{customerId}/domains/{domain}/mailboxes', '/customers/c0002/domains/xn--bcher-kva.example/mailboxes',
      { sent: body({ localPart: 'info', password: 'x' }) }, 'add', 'Mailbox info@bücher.example'],
    ['a domain added: in Unicode', 'POST', '/customers/{customerId}/domains', '/customers/c0002/domains',
      { sent: body({ domain: 'xn--bcher-kva.example', account: 'web77' }), answer: body({ domain: 'xn--bcher-kva.example', account: 'web77' }) }, 'add', 'Domain bücher.example'],
    ['a secret never names what was added, even named like the kind', 'POST', '/tokens', '/tokens', { sent: body({ token: 'TOK-SECRET-1' }), answer: body({ token: 'TOK-SECRET-1' }) }, 'add', 'Token'],
    ['nor a key or a password', 'POST', '/dkim-keys', '/dkim-keys', { answer: body({ key: '-----BEGIN PRIVATE KEY-----', password: 'hunter2' }) }, 'add', 'DKIM key'],
    ['a property named like the kind comes first', 'POST', '/aliases', '/aliases', { answer: body({ id: 7, source: 'a@x.example', alias: 'b@x.example', name: 'B' }) }, 'add', 'Alias b@x.example'],
    ['an envelope looked into', 'POST', '/customers', '/customers', { answer: body({ data: { id: 'c0009', name: 'Acme' } }) }, 'add', 'Customer Acme'],
    ['only an id', 'POST', '/dns/records', '/dns/records', { answer: body({ id: 42, type: 'A' }) }, 'add', 'DNS record 42'],
    ['nothing names it: the kind alone', 'POST', '/mail-addresses', '/mail-addresses', { answer: body(['not', 'an', 'item']) }, 'add', 'Mail address'],
    ['a domain changed', 'PATCH', '/customers/{customerId}/domains/{domain}', '/customers/c0002/domains/example.org', {}, 'change', 'Domain example.org'],
    ['a domain deleted, in Unicode', 'DELETE', '/customers/{customerId}/domains/{domain}', '/customers/c0002/domains/xn--bcher-kva.example', {}, 'delete', 'Domain bücher.example'],
    ['a mailbox deleted: local part and domain', 'DELETE', '/customers/{customerId}/domains/{domain}/mailboxes/{localPart}', '/customers/c0002/domains/mail.example/mailboxes/info', {}, 'delete', 'Mailbox info@mail.example'],
    ['an IP', 'DELETE', '/ips/{ip}', '/ips/192.0.2.1', {}, 'delete', 'IP 192.0.2.1'],
    ['a policy', 'PUT', '/policies/{policyId}', '/policies/strict', {}, 'change', 'Policy strict'],
    ['a settings object of its parent', 'PATCH', '/domains/{domain}/dkim', '/domains/example.org/dkim', {}, 'change', 'DKIM (example.org)'],
    ['an action', 'POST', '/domains/{domain}/renew', '/domains/example.org/renew', {}, 'do', 'Renew (example.org)'],
    ['a parameter at the root: its name', 'DELETE', '/{host}', '/a.example', {}, 'delete', 'Host a.example'],
    ['a secret identifier is never a name', 'DELETE', '/tokens/{token}', '/tokens/s3cr3t', { secretSegments: [1] }, 'delete', 'Token'],
    ['a path of no words', 'POST', '/', '/', {}, 'do', 'Item'],
  ])('%s', (_, method, template, path, more, action, words) => {
    expect(phrase(method, template, path, more)).toEqual([action, words]);
  });

  it('names are cut, and never HTTP', () => {
    const long = 'x'.repeat(200);
    const { What } = subjectPhrase(subject('PUT', '/things/{id}', `/things/${long}`), 'item');
    expect(What.length).toBeLessThan(100);
    expect(What).toMatch(/^Thing x+…$/);
  });
});

describe('"Type the identifier to confirm"', () => {
  const bucher = { ascii: 'xn--bcher-kva.example', unicode: 'bücher.example' };
  it.each<[string, string, boolean]>([
    ['bücher.example', 'Unicode', true],
    ['xn--bcher-kva.example', 'ASCII', true],
    ['  bücher.example\t', 'spaces around', true],
    ['BÜCHER.Example', 'any case', true],
    ['bu\u0308cher.example', 'decomposed ü (NFC makes it one)', true],
    ['bücher.xn--example', 'a label that is neither form', false],
    ['bucher.example', 'a letter left out of its accent', false],
    ['bücher.\u0435xample', 'a Cyrillic е for the Latin e', false],
    ['ｂücher.example', 'a full-width b', false],
    ['bücher.example.', 'a trailing dot', false],
    ['bücher。example', 'an ideographic full stop', false],
    ['', 'nothing', false],
  ])('%j (%s) → %s', (typed, _, matches) => {
    expect(confirmsIdentifier(typed, bucher.ascii, bucher)).toBe(matches);
  });

  it('an identifier that is not a host name: exactly, spaces around aside', () => {
    expect(confirmsIdentifier(' lamp-1 ', 'lamp-1', undefined)).toBe(true);
    expect(confirmsIdentifier('Lamp-1', 'lamp-1', undefined)).toBe(false);
    expect(confirmsIdentifier('caf\u0065\u0301', 'caf\u00e9', undefined)).toBe(true);
  });
});
