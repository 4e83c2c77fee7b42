import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.ts';
import { fieldsOf } from './build-fields.ts';
import { fieldAt } from './field-at.ts';

const doc31 = (schemas: JsonObject = {}): JsonObject => ({ openapi: '3.1.0', paths: {}, components: { schemas } });

describe('fieldAt', () => {
  const fields = fieldsOf(doc31(), {
    type: 'object',
    properties: {
      web: { type: 'object', properties: { target: { type: 'string' } } },
      tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      extra: { type: 'object' },
      choice: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }] },
    },
  });

  it.each<[string, [string, string, string[]] | undefined]>([
    ['/web/target', ['/web/target', '/web/target', []]],
    ['/tags/3/name', ['/tags/-/name', '/tags/3/name', []]],
    ['/labels/any~1key', ['/labels/*', '/labels/any~1key', []]],
    ['/extra/deep/er', ['/extra', '/extra', ['deep', 'er']]],
    ['/choice/b', ['/choice/b', '/choice/b', []]],
    ['/web/nothing', undefined],
    ['/tags/x/name', undefined],
    ['/web/target/more', undefined],
    ['no-slash', undefined],
  ])('%s', (pointer, expected) => {
    const found = fieldAt(fields, pointer);
    expect(found && [found.field.pointer, found.pointer, [...found.rest]]).toEqual(expected);
  });
});
