import { describe, expect, it } from 'vitest';
import { describeText } from '../describe-text.ts';
import { isObject, type JsonValue } from '../json.ts';
import { lookUp } from '../refs.ts';
import { checkReadOf, currentValuesReadOf } from '../write/write-plan.ts';
import { createViews } from './operation-view.ts';

const ok = { responses: { 200: { description: 'ok' } } };
const description = {
  openapi: '3.0.3',
  info: { title: 'Views', version: '2', description: 'x'.repeat(10_000) },
  paths: {
    '/customers/{c}/domains': {
      parameters: [{ $ref: '#/components/parameters/Customer' }],
      get: { operationId: 'list', ...ok },
      post: { operationId: 'add', requestBody: { $ref: '#/components/requestBodies/NewDomain' }, ...ok },
    },
    // The same path below the API root, written with it.
    '/liveconfig/api/v1/customers/{c}/domains/{domain}': { $ref: '#/components/pathItems/Domain' },
    '/customers/{c}/domains/{domain}': { get: { operationId: 'read', parameters: [{ $ref: '#/components/parameters/Customer' }, { name: 'domain', in: 'path', required: true }], ...ok } },
    '/a~b/c': { get: { operationId: 'odd', parameters: [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/With~1Slash' } }], ...ok } },
    '/unrelated': { get: { operationId: 'unrelated', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Big' } } } } } } },
  },
  components: {
    parameters: { Customer: { name: 'c', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } } },
    requestBodies: { NewDomain: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Domain' } } } } },
    pathItems: {
      Domain: {
        parameters: [{ $ref: '#/components/parameters/Customer' }, { name: 'domain', in: 'path', required: true, schema: { type: 'string' } }],
        patch: { operationId: 'change', requestBody: { $ref: '#/components/requestBodies/NewDomain' }, ...ok },
        delete: { operationId: 'remove', ...ok },
      },
    },
    schemas: {
      Id: { type: 'string', pattern: '^c\\d+$' },
      Domain: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Domain' }, rules: { $ref: '#/components/schemas/Rules' } } },
      Rules: { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/Domain' }, { type: 'string' }] } },
      'With/Slash': { type: 'integer' },
      Big: { type: 'object', properties: Object.fromEntries(Array.from({ length: 2000 }, (_, at) => [`p${String(at)}`, { type: 'string' }])) },
    },
  },
};

const whole = describeText(JSON.stringify(description), '/liveconfig/api/v1');
if (!whole.ok) throw new Error('unreadable');
const views = createViews(whole.document, whole.index);

/** Every local $ref met anywhere below `value`. */
function refsIn(value: JsonValue): string[] {
  const found: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) stack.push(...next);
    else if (isObject(next)) for (const [key, child] of Object.entries(next)) if (key === '$ref' && typeof child === 'string') found.push(child); else stack.push(child);
  }
  return found;
}

describe('an operation\'s view: what its page needs of the description, and no more', () => {
  it.each(['list', 'add', 'change', 'remove', 'read', 'odd'])('%s: every $ref the view holds finds in its document what it finds in the whole', (key) => {
    const view = views(key);
    if (!view) throw new Error(key);
    expect(view.operation).toEqual(whole.index.operations.find((operation) => operation.key === key));
    const refs = refsIn(view.document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(lookUp(view.document, { $ref: ref })).toEqual(lookUp(whole.document, { $ref: ref }));
    // The operation's own parts (a parameter's schema, a body) are there to look up as in the whole.
    for (const parameter of view.operation.parameters) expect(lookUp(view.document, parameter.schema ?? null)).toEqual(lookUp(whole.document, parameter.schema ?? null));
    expect(view.document.openapi).toBe('3.0.3');
  });

  it('leaves out what the operation does not reach: other paths, unused schemas, the long description', () => {
    const view = views('add');
    const text = JSON.stringify(view?.document);
    expect(text).not.toContain('/unrelated');
    expect(text).not.toContain('"Big"');
    expect(text).not.toContain('x'.repeat(100));
    expect(text).toContain('"Rules"');
    expect(text.length).toBeLessThan(JSON.stringify(whole.document).length / 10);
  });

  it('holds the operations at the same path below the API root, so a write finds its check and its current values as in the whole', () => {
    for (const operation of whole.index.operations) {
      const view = views(operation.key);
      if (!view) throw new Error(operation.key);
      expect(checkReadOf(view.index, view.operation)).toEqual(checkReadOf(whole.index, operation));
      expect(currentValuesReadOf(view.index, view.operation)).toEqual(currentValuesReadOf(whole.index, operation));
    }
    expect(checkReadOf(views('change')?.index ?? whole.index, whole.index.operations.find((o) => o.key === 'change') ?? whole.index.operations[0] as never)?.key).toBe('read');
    expect(views('remove')?.index.operations.map((operation) => operation.key).sort()).toEqual(['change', 'read', 'remove']);
  });

  it('holds the read of the list above each path parameter, whose rows suggest its values, and not that list\'s other operations', () => {
    const view = views('read');
    const paths = view?.document.paths;
    const list = isObject(paths) ? paths['/customers/{c}/domains'] : undefined;
    expect(isObject(list) && isObject(list.get) && Object.keys(list)).toEqual(['get']);
    expect(isObject(paths) && Object.hasOwn(paths, '/unrelated')).toBe(false);
  });

  it('has no view for a key the description does not have', () => {
    expect(views('nothing')).toBeUndefined();
  });
});
