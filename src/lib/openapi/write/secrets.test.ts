import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../form/fields/build-fields.ts';
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

  it('edited as JSON, go back only where they were taken from; a placeholder anywhere else is refused, never filled', () => {
    const two: JsonObject = { users: [{ login: 'a', secret: 'PW-A' }, { login: 'b', secret: 'PW-B' }] };
    const { masked, secrets } = maskForEditing(two, patterns);
    expect(JSON.stringify(masked)).not.toMatch(/PW-/);
    const users = (masked as { users: JsonObject[] }).users;
    // Left where they were: put back.
    expect(restoreSecrets(masked ?? {}, secrets)).toEqual({ ok: true, body: two });
    // A new value typed over one: kept as typed.
    expect(restoreSecrets({ users: [{ login: 'c', secret: 'new' }, users[1] ?? {}] }, secrets)).toEqual({ ok: true, body: { users: [{ login: 'c', secret: 'new' }, { login: 'b', secret: 'PW-B' }] } });
    // A row deleted or moved: its placeholder is elsewhere now, so refused by name.
    expect(restoreSecrets({ users: [users[1] ?? {}] }, secrets)).toEqual({ ok: false, misplaced: [{ placeholder: `${SECRET_SHOWN}2`, found: '/users/0/secret', from: '/users/1/secret' }] });
    expect(restoreSecrets({ users: [users[1] ?? {}, users[0] ?? {}] }, secrets)).toMatchObject({ ok: false, misplaced: [{ found: '/users/0/secret' }, { found: '/users/1/secret' }] });
  });

  it('a plain field holding a placeholder\'s text (typed, or its default) never receives the secret', () => {
    const { masked, secrets } = maskForEditing({ name: 'anna', password: 'hunter2' }, patterns);
    expect(masked).toEqual({ name: 'anna', password: `${SECRET_SHOWN}1` });
    const restored = restoreSecrets({ name: `${SECRET_SHOWN}1`, password: `${SECRET_SHOWN}1` }, secrets);
    expect(restored).toEqual({ ok: false, misplaced: [{ placeholder: `${SECRET_SHOWN}1`, found: '/name', from: '/password' }] });
    expect(JSON.stringify(restored)).not.toContain('hunter2');
    // Text that only contains a placeholder is plain text.
    expect(restoreSecrets({ name: `x${SECRET_SHOWN}1`, password: `${SECRET_SHOWN}1` }, secrets)).toEqual({ ok: true, body: { name: `x${SECRET_SHOWN}1`, password: 'hunter2' } });
  });

  it.each([['new_password', true], ['apiKey', true], ['X-Auth-Token', true], ['pin', true], ['bypass_cache', false], ['tokens_used', false], ['compass', false], ['passive', false]])(
    'the name %s is a secret: %s', (name, secret) => {
      expect(isSecretName(name)).toBe(secret);
    });

  it('under a secret\'s name, whatever the value holds (a list, an object) is masked', () => {
    const shown = JSON.stringify(withoutSecrets({ passwords: ['p1'], secrets: ['s1'], credentials: ['c1'], token: { value: 'v1' }, name: 'n' }, [], 'mask'));
    expect(shown).not.toMatch(/p1|s1|c1|v1/);
    expect(shown).toContain('"name":"n"');
  });

  it('leave the body itself as it was', () => {
    withoutSecrets(body, patterns, 'mask');
    expect(body.password).toBe('hunter2');
  });
});
