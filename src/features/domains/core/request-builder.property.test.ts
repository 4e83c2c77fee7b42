import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DomainFormValues, type DomainRequest, WEB_TYPES, domainRequestSchema, toDomainRequest } from './schemas.ts';

const RUNS = 1000;

// Any text a user could type or paste: unicode (lone surrogates too), control characters,
// look-alikes of paths, and very long pastes.
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('/', '.', '..', '\\', ' ', '\t', '\n', '\u0000', '\u007f', '\u0085', '\u00a0', '\u3000', '\ufeff', 'a', 'ü', '😀', '\ud800'), maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '/', ' / ', '/..', '/a/../b', 'c:\\x', '/htdocs', '  web77  ') },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constantFrom(1_000, 1_024, 1_025, 10_000)).map(([seed, length]) => (seed || 'x').repeat(length).slice(0, length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).map((seed) => `/${seed.repeat(10_000)}`) },
);

const formValues: fc.Arbitrary<DomainFormValues> = fc.record({
  customerId: anyText,
  domain: anyText,
  account: anyText,
  www: fc.boolean(),
  webEnabled: fc.boolean(),
  webType: fc.constantFrom(...WEB_TYPES),
  webTarget: anyText,
  mailEnabled: fc.boolean(),
  dkim: fc.boolean(),
});

const TOP_KEYS = ['domain', 'account', 'www', 'web', 'mail'];
const WEB_KEYS = ['enabled', 'type', 'target'];
const MAIL_KEYS = ['enabled', 'dkim'];

function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

describe('toDomainRequest for any form values', () => {
  it('never throws and always builds a body the strict schema accepts', () => {
    fc.assert(
      fc.property(formValues, anyText, (values, ascii) => {
        let request: DomainRequest | undefined;
        expect(() => { request = toDomainRequest(values, ascii); }).not.toThrow();
        const parsed = domainRequestSchema.safeParse(request);
        expect(parsed.success).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('sends DKIM only with mail', () => {
    fc.assert(
      fc.property(formValues, (values) => {
        const { mail } = toDomainRequest(values, 'example.org');
        expect(mail.enabled).toBe(values.mailEnabled);
        if (mail.dkim) expect(mail.enabled).toBe(true);
        expect(mail.dkim).toBe(values.mailEnabled && values.dkim);
      }),
      { numRuns: RUNS },
    );
  });

  it('serialises to exactly the documented keys, in order', () => {
    fc.assert(
      fc.property(formValues, anyText, (values, ascii) => {
        const json: unknown = JSON.parse(JSON.stringify(toDomainRequest(values, ascii)));
        expect(keysOf(json)).toEqual(TOP_KEYS);
        const body = json as Record<string, unknown>;
        expect(keysOf(body.web)).toEqual(WEB_KEYS);
        expect(keysOf(body.mail)).toEqual(MAIL_KEYS);
        expect(typeof body.www).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });

  it('passes the switches and the ASCII name through untouched, and trims the account', () => {
    fc.assert(
      fc.property(formValues, anyText, (values, ascii) => {
        const request = toDomainRequest(values, ascii);
        expect(request.domain).toBe(ascii);
        expect(request.account).toBe(values.account.trim());
        expect(request.www).toBe(values.www);
        expect(request.web.enabled).toBe(values.webEnabled);
        expect(request.web.type).toBe(values.webType);
      }),
      { numRuns: RUNS },
    );
  });

  it('always sends a safe absolute target', () => {
    fc.assert(
      fc.property(formValues, (values) => {
        const { target } = toDomainRequest(values, 'example.org').web;
        expect(target.startsWith('/')).toBe(true);
        expect(target.length).toBeLessThanOrEqual(1024);
        expect(target.split('/')).not.toContain('..');
        expect(target).not.toContain('\\');
        expect(target).not.toMatch(/\p{Cc}/u);
        expect(target).toBe(target.trim());
      }),
      { numRuns: RUNS },
    );
  });
});
