import { describe, expect, it } from 'vitest';
import { normalizeDomain } from '../../names/domain-name.ts';
import { fieldsOf } from '../form/fields/build-fields.ts';
import { asciiHostnames, hasInternationalHostname, hostnamePatterns } from './hostnames.ts';

const document = { openapi: '3.1.0', paths: {} };
const fields = fieldsOf(document, {
  type: 'object',
  properties: {
    domain: { type: 'string', format: 'hostname' },
    note: { type: 'string' },
    aliases: { type: 'array', items: { type: 'string', format: 'hostname' } },
  },
});
const patterns = hostnamePatterns(fields);

describe('hostname fields by the panel\'s own name rules', () => {
  it('international names go out in their ASCII form, in items too; other strings are left alone', () => {
    const body = { domain: 'Bücher.example', note: 'für später', aliases: ['münchen.de', 'plain.example'] };
    expect(hasInternationalHostname(body, patterns)).toBe(true);
    expect(asciiHostnames(body, patterns, normalizeDomain)).toEqual({
      body: { domain: 'xn--bcher-kva.example', note: 'für später', aliases: ['xn--mnchen-3ya.de', 'plain.example'] },
      problems: [],
    });
  });

  it('a name the rules refuse is a problem at its place; ASCII names are the schema\'s to check', () => {
    const body = { domain: 'plain.example', aliases: ['bad_ü.de'] };
    const { problems } = asciiHostnames(body, patterns, normalizeDomain);
    expect(problems).toEqual([{ pointer: '/aliases/0', reason: 'underscore', label: 'bad_ü' }]);
    expect(hasInternationalHostname({ domain: 'plain.example', note: 'ü' }, patterns)).toBe(false);
    // An address is not cut down to its host: left as typed, for the schema's format to judge.
    expect(asciiHostnames({ domain: 'https://bücher.example/ä' }, patterns, normalizeDomain).body).toEqual({ domain: 'https://bücher.example/ä' });
  });
});
