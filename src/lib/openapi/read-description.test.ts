import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_CHARS, MAX_NESTING, readDescription } from './read-description.ts';

const minimal = (extra = '') => `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}${extra}}`;

describe('readDescription', () => {
  it.each([
    ['JSON 3.1', minimal(), '3.1.0'],
    ['JSON 3.0', '{"openapi":"3.0.3","paths":{}}', '3.0.3'],
    ['3.2', '{"openapi":"3.2.0","paths":{}}', '3.2.0'],
    ['YAML', 'openapi: 3.0.1\ninfo:\n  title: t\n  version: "1"\npaths: {}\n', '3.0.1'],
  ])('reads %s', (_name, text, version) => {
    const result = readDescription(text);
    expect(result.ok && result.version).toBe(version);
  });

  it.each<[string, string, string, Record<string, unknown>?]>([
    // `params` are checked for the entries given; {} matches any.
    ['an empty file', '   ', 'api.read.empty'],
    ['malformed JSON, with its line and column', '{\n  "openapi": "3.1.0",\n  "paths": {,}\n}', 'api.read.bad-json', { line: 3, column: 13 }],
    ['malformed YAML, with its line', 'openapi: 3.1.0\npaths:\n  /a: [\n', 'api.read.bad-yaml'],
    ['a repeated YAML key', 'openapi: 3.1.0\nopenapi: 3.0.0\npaths: {}\n', 'api.read.bad-yaml'],
    ['Swagger 2.0', '{"swagger":"2.0","paths":{}}', 'api.read.swagger2', { version: '2.0' }],
    ['another version', '{"openapi":"4.0.0","paths":{}}', 'api.read.version', { version: '4.0.0' }],
    ['no version', '{"paths":{}}', 'api.read.no-version'],
    ['no paths', '{"openapi":"3.1.0"}', 'api.read.no-paths'],
    ['only webhooks (3.1)', '{"openapi":"3.1.0","webhooks":{"newPet":{}}}', 'api.read.webhooks-only'],
    ['paths not an object', '{"openapi":"3.1.0","paths":[]}', 'api.read.no-paths'],
    ['an array at the top', '[1,2]', 'api.read.not-an-object'],
    ['a 100,000-deep array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'api.read.too-deep', { max: MAX_NESTING, line: 1 }],
  ])('refuses %s, naming what and where', (_name, text, key, params) => {
    const result = readDescription(text);
    expect(result).toMatchObject({ ok: false, problem: { key, params: params ?? {} } });
  });

  it('refuses more than 20 MiB before parsing', () => {
    const result = readDescription(`${minimal()}${' '.repeat(MAX_DESCRIPTION_CHARS)}`);
    expect(!result.ok && result.problem.key).toBe('api.read.too-large');
  });

  it('keeps prototype keys as plain own data, never on Object.prototype', () => {
    const result = readDescription('{"openapi":"3.1.0","paths":{"__proto__":{"get":{}}},"__proto__":{"polluted":true}}');
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses YAML nested deeper than the limit, naming where', () => {
    const deep = Array.from({ length: MAX_NESTING + 2 }, (_, depth) => `${'  '.repeat(depth)}k${depth}:`).join('\n');
    const result = readDescription(`openapi: 3.1.0\npaths: {}\nx:\n${deep.replace(/^/gm, '  ')} 1\n`);
    expect(!result.ok && result.problem.key).toBe('api.read.too-deep-at');
  });

  it('caps YAML aliases: a billion laughs stays small', () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i += 1) laughs.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const result = readDescription(`openapi: 3.1.0\npaths: {}\n${laughs.join('\n')}\n`);
    expect(result.ok).toBe(false);
  });
});
