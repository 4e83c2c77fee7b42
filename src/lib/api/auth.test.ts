import { describe, expect, it } from 'vitest';
import { authHeaders, isSendableApiKey } from './auth.ts';

describe('authHeaders', () => {
  it('sends the key as a bearer token', () => {
    expect(authHeaders({ apiKey: 'abc123' })).toEqual({ Authorization: 'Bearer abc123' });
  });

  it('trims a pasted key', () => {
    expect(authHeaders({ apiKey: ' \t abc.def-ghi \n' })).toEqual({ Authorization: 'Bearer abc.def-ghi' });
  });

  it.each(['', ' ', '\n\t  '])('sends nothing for an empty key %j', (apiKey) => {
    expect(authHeaders({ apiKey })).toEqual({});
  });

  it('adds nothing but Authorization', () => {
    expect(Object.keys(authHeaders({ apiKey: 'k' }))).toEqual(['Authorization']);
  });
});

describe('isSendableApiKey', () => {
  it.each(['', 'abc123', ' abc.def-ghi~+/= \n', '<script>alert(1)</script>', 'a'.repeat(10_000)])('accepts %j', (apiKey) => {
    expect(isSendableApiKey(apiKey)).toBe(true);
  });

  it.each(['ab cd', 'ab\u0000cd', '\u001b[31m', 'schlüssel', '\u202Eevil\u202C', 'שלום', '🏳️‍🌈'])('refuses %j', (apiKey) => {
    expect(isSendableApiKey(apiKey)).toBe(false);
  });
});
