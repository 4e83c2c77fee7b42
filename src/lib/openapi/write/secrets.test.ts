import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../form/schema-fields.ts';
import type { JsonObject } from '../json.ts';
import { isSecretName, maskForEditing, restoreSecrets, SECRET_SHOWN, secretPatterns, withoutSecrets } from './secrets.ts';

const document = { openapi: '3.1.0', paths: {} };
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    password: { type: 'string', format: 'password' },
    users: { type: 'array', items: { type: 'object', properties: { login: { type: 'string' }, secret: { type: 'string', writeOnly: true } } } },
    extra: { type: 'object', additionalProperties: { type: 'string', format: 'password' } },
  },
};

describe('secrets in a body', () => {
  const patterns = secretPatterns(fieldsOf(document, schema));
  const body: JsonObject = { name: 'anna', password: 'hunter2', users: [{ login: 'a', secret: 's1' }, { login: 'b' }], extra: { x: 'p1', y: 'p2' } };

  it('are masked wherever they are, items and rows included', () => {
    expect(withoutSecrets(body, patterns, 'mask')).toEqual({
      name: 'anna', password: SECRET_SHOWN, users: [{ login: 'a', secret: SECRET_SHOWN }, { login: 'b' }], extra: { x: SECRET_SHOWN, y: SECRET_SHOWN },
    });
    expect(JSON.stringify(withoutSecrets(body, patterns, 'mask'))).not.toMatch(/hunter2|s1|p1|p2/);
  });

  it('are left out for comparing with what a server echoes', () => {
    expect(withoutSecrets(body, patterns, 'drop')).toEqual({ name: 'anna', users: [{ login: 'a' }, { login: 'b' }], extra: {} });
  });

  it('are known by name too, at any depth, a JSON text part included', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: { apiKey: 'k1', password: 'p1', note: 'n' } } } } } } } } }, token: 't1' };
    const shown = JSON.stringify(withoutSecrets(deep, [], 'mask'));
    expect(shown).not.toMatch(/k1|p1|t1/);
    expect(shown).toContain('"note":"n"');
  });

  it('edited as JSON, go with their item: a row deleted or moved takes its own secret along', () => {
    const two: JsonObject = { users: [{ login: 'a', secret: 'PW-A' }, { login: 'b', secret: 'PW-B' }] };
    const { masked, secrets } = maskForEditing(two, patterns);
    expect(JSON.stringify(masked)).not.toMatch(/PW-/);
    const users = (masked as { users: JsonObject[] }).users;
    expect(restoreSecrets({ users: [users[1] ?? {}] }, secrets)).toEqual({ users: [{ login: 'b', secret: 'PW-B' }] });
    expect(restoreSecrets({ users: [users[1] ?? {}, users[0] ?? {}] }, secrets)).toEqual({ users: [{ login: 'b', secret: 'PW-B' }, { login: 'a', secret: 'PW-A' }] });
    expect(restoreSecrets({ users: [{ login: 'c', secret: 'new' }] }, secrets)).toEqual({ users: [{ login: 'c', secret: 'new' }] });
  });

  it.each([['new_password', true], ['apiKey', true], ['X-Auth-Token', true], ['pin', true], ['bypass_cache', false], ['tokens_used', false], ['compass', false], ['passive', false]])(
    'the name %s is a secret: %s', (name, secret) => {
      expect(isSecretName(name)).toBe(secret);
    });

  it('leave the body itself as it was', () => {
    withoutSecrets(body, patterns, 'mask');
    expect(body.password).toBe('hunter2');
  });
});
