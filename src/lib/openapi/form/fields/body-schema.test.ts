import { describe, expect, it } from 'vitest';
import type { Operation } from '../../operations.ts';
import type { JsonObject } from '../../json.ts';
import { bodySchemaOf } from './body-schema.ts';

describe('bodySchemaOf', () => {
  const operation = (requestBody: JsonObject | undefined): Operation => ({
    key: 'k', operationId: 'k', method: 'post', path: '/d', apiPath: '/d', summary: '', description: undefined, tags: [], deprecated: false,
    parameters: [], requestBody, responses: undefined, pointer: '#/paths/~1d/post',
  });

  it('takes the JSON media type, with the pointer of its schema (a component body keeps its own pointer)', () => {
    const body = { required: true, content: { 'text/plain': { schema: { type: 'string' } }, 'application/merge-patch+json': { schema: { type: 'object' } } } };
    const document: JsonObject = { openapi: '3.1.0', paths: { '/d': { post: { requestBody: { $ref: '#/components/requestBodies/B' } } } }, components: { requestBodies: { B: body } } };
    expect(bodySchemaOf(document, operation(body))).toEqual({
      mediaType: 'application/merge-patch+json', schema: { type: 'object' }, pointer: '#/components/requestBodies/B/content/application~1merge-patch+json/schema', required: true,
    });
    expect(bodySchemaOf(document, operation({ content: { 'text/plain': {} } }))).toBeUndefined();
    expect(bodySchemaOf(document, operation(undefined))).toBeUndefined();
  });
});
