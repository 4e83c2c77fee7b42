import { describe, expect, it } from 'vitest';
import { describeText } from '../describe-text.ts';
import { createIndexReader, type FromWorker, indexMessages, MAX_LISTED, ROWS_PER_MESSAGE } from './description-transfer.ts';

/** A description of `count` operations in three tags (and untagged ones), with notes and outside refs past the listed cap. */
function generated(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let at = 0; at < count; at += 1) {
    const tag = ['Zones', 'Mail', 'Domains', ''][at % 4];
    paths[`/things/{id}/part${String(at)}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      [at % 3 === 0 ? 'post' : 'get']: {
        operationId: `op${String(at)}`, summary: `Part ${String(at)} of a THING`, ...(tag && { tags: [tag] }), deprecated: at % 37 === 0,
        ...(at % 5 === 0 && { parameters: [{ name: 'view', in: 'query', required: true, schema: { type: 'string' } }] }),
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `https://elsewhere.example/s${String(at)}.json` } } } } },
      },
    };
  }
  for (let at = 0; at < 250; at += 1) paths[`bad${String(at)}`] = {};
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Generated', version: '7' }, tags: [{ name: 'Domains' }, { name: 'Mail' }], paths });
}

/** The messages as the page receives them: each one cloned on its own, as postMessage does. */
function received(text: string): FromWorker[] {
  return [...indexMessages(describeText(text, '/api'))].map((message) => structuredClone(message));
}

describe('the index as it crosses from the worker to the page', () => {
  const text = generated(4500);
  const whole = describeText(text, '/api');
  if (!whole.ok) throw new Error('unreadable');
  const messages = received(text);

  it('comes as a head and pieces of at most 2,000 rows, never the document or an operation\'s schemas', () => {
    expect(messages.map((message) => message.kind)).toEqual(['head', 'rows', 'rows', 'rows']);
    expect(messages.map((message) => (message.kind === 'rows' ? message.rows.keys.length : 0))).toEqual([0, ROWS_PER_MESSAGE, ROWS_PER_MESSAGE, 500]);
    for (const message of messages) {
      expect(JSON.stringify(message)).not.toContain('"responses"');
      expect(JSON.stringify(message)).not.toContain('elsewhere.example/s1.json');
    }
  });

  it('is put together on the page as the index it was: every operation, in order, with what the list and the screens ask of it', () => {
    const reader = createIndexReader();
    const reads = messages.map((message) => reader.add(message));
    expect(reads.map((read) => read.done)).toEqual([false, false, false, true]);
    const last = reads.at(-1);
    if (!last?.done || !('index' in last)) throw new Error('not read');
    const { index } = last;
    expect(index.operations.map((row) => row.key)).toEqual(whole.index.operations.map((operation) => operation.key));
    expect(index.operations[5]).toMatchObject({
      key: 'op5', operationId: 'op5', method: 'get', path: '/things/{id}/part5', apiPath: '/things/{id}/part5', summary: 'Part 5 of a THING',
      tags: ['Mail'], deprecated: false, requiredIn: ['path', 'query'], search: '/things/{id}/part5\npart 5 of a thing\nop5\nmail',
      parameters: [{ in: 'path', required: true }, { in: 'query', required: true }],
    });
    expect(index.tags).toEqual(['Domains', 'Mail', 'Zones']);
    expect(index.methods).toEqual(['get', 'post']);
    // Rows of the same tags share one list of them.
    expect(index.operations[1]?.tags).toBe(index.operations[5]?.tags);
    expect(index.notes).toHaveLength(MAX_LISTED);
    expect(index.noteCount).toBe(250);
    expect(index.externalRefs).toHaveLength(MAX_LISTED);
    expect(index.externalRefCount).toBe(4500);
  });

  it('lists by first tag in the description\'s order, untagged last, each group in the description\'s order', () => {
    const reader = createIndexReader();
    const last = messages.map((message) => reader.add(message)).at(-1);
    if (!last?.done || !('index' in last)) throw new Error('not read');
    const { index } = last;
    const { listed } = index;
    const order = new Map(index.tags.map((tag, at) => [tag, at]));
    const expected = [...index.operations].sort((a, b) => (order.get(a.tags[0] ?? '') ?? Infinity) - (order.get(b.tags[0] ?? '') ?? Infinity));
    expect(listed.map((row) => row.key)).toEqual(expected.map((row) => row.key));
    expect(listed[0]?.tags).toEqual(['Domains']);
    expect(listed.at(-1)?.tags).toEqual([]);
  });

  it('says what is wrong with a description it cannot read, in one message', () => {
    const failed = received('{"swagger":"2.0"}');
    expect(failed).toEqual([{ kind: 'failed', problem: { key: 'api.read.swagger2', params: { version: '2.0' } } }]);
    const [message] = failed;
    if (!message) throw new Error('no message');
    expect(createIndexReader().add(message)).toEqual({ done: true, problem: { key: 'api.read.swagger2', params: { version: '2.0' } } });
  });

  it('reads a description of no operations as done at its head', () => {
    const [head] = received('{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}');
    if (!head) throw new Error('no message');
    expect(createIndexReader().add(head)).toMatchObject({ done: true, index: { operations: [], title: 't' } });
  });

  it('keeps each row\'s own tags, however they are written', () => {
    const paths = {
      '/a': { get: { tags: ['a\nb'], responses: {} } },
      '/b': { get: { tags: ['a', 'b'], responses: {} } },
      '/c': { get: { tags: ['["a","b"]'], responses: {} } },
      '/d': { get: { tags: ['a', 'b'], operationId: '', deprecated: true, responses: {} } },
    };
    const reader = createIndexReader();
    const last = received(JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths })).map((message) => reader.add(message)).at(-1);
    if (!last?.done || !('index' in last)) throw new Error('not read');
    expect(last.index.operations.map((row) => row.tags)).toEqual([['a\nb'], ['a', 'b'], ['["a","b"]'], ['a', 'b']]);
    expect(last.index.operations[3]).toMatchObject({ key: 'GET /d', operationId: undefined, deprecated: true, requiredIn: [] });
  });
});

