import { describe, expect, it } from 'vitest';
import { createSimApp } from '../app.ts';
import { TEST_CONTROL_TOKEN, controlRequest, createTestSim } from '../testing/test-helpers.ts';

const ROUTES: readonly { method: string; path: string; body?: string; ok: number }[] = [
  { method: 'POST', path: '/reset', ok: 204 },
  { method: 'GET', path: '/requests', ok: 200 },
  { method: 'POST', path: '/faults', body: JSON.stringify({ action: 'respond', status: 503 }), ok: 200 },
  { method: 'DELETE', path: '/faults', ok: 204 },
  { method: 'GET', path: '/domains', ok: 200 },
  { method: 'POST', path: '/keys', body: JSON.stringify({ key: 'marker-key-123', role: 'admin' }), ok: 204 },
];

const REFUSED_AUTHORIZATION: readonly [string, Record<string, string>][] = [
  ['no Authorization header', {}],
  ['a wrong token of the same length', { Authorization: `Bearer ${TEST_CONTROL_TOKEN.replace(/.$/, 'X')}` }],
  ['a prefix of the token', { Authorization: `Bearer ${TEST_CONTROL_TOKEN.slice(0, -1)}` }],
  ['the token plus one character', { Authorization: `Bearer ${TEST_CONTROL_TOKEN}0` }],
  ['the token under another scheme', { Authorization: `Basic ${TEST_CONTROL_TOKEN}` }],
  ['an API key', { Authorization: 'Bearer demo-admin-key' }],
];

describe('the control token', () => {
  describe.each(ROUTES)('$method /__sim$path', ({ method, path, body, ok }) => {
    it.each(REFUSED_AUTHORIZATION)('answers 401 {error} for %s, and changes nothing', async (_label, headers) => {
      const { app, state } = createTestSim();
      state.faults.push({ spec: { action: 'respond', when: 'before', status: 500 }, remaining: 1 });
      const response = await app.request(`/__sim${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      const answer: unknown = await response.json();
      expect(answer).toEqual({ error: expect.any(String) as unknown });
      expect(JSON.stringify(answer)).not.toContain(TEST_CONTROL_TOKEN);
      expect(state.faults).toHaveLength(1);
      expect(state.extraKeys.size).toBe(0);
    });

    it(`answers ${ok} with "Authorization: Bearer <token>"`, async () => {
      const { app } = createTestSim();
      const response = await controlRequest(app, path, { method, ...(body === undefined ? {} : { body }) });
      expect(response.status).toBe(ok);
    });
  });

  it('takes the scheme in any case, as RFC 9110 allows', async () => {
    const { app } = createTestSim();
    const response = await app.request('/__sim/requests', { headers: { Authorization: `bEARER ${TEST_CONTROL_TOKEN}` } });
    expect(response.status).toBe(200);
  });

  it('guards paths under /__sim that do not exist, so they reveal nothing', async () => {
    const { app } = createTestSim();
    expect((await app.request('/__sim/secret')).status).toBe(401);
    expect((await controlRequest(app, '/secret')).status).toBe(404);
  });

  it('is made fresh, 32 random bytes as hex, when none is given', () => {
    const first = createSimApp().controlToken;
    const second = createSimApp().controlToken;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
  });

  it('the generated token is the one the routes require', async () => {
    const { app, controlToken } = createSimApp();
    expect((await app.request('/__sim/requests', { headers: { Authorization: `Bearer ${controlToken}` } })).status).toBe(200);
    expect((await controlRequest(app, '/requests')).status).toBe(401);
  });

  it.each(['short-token', 'has a space in it!!', 'semicolon;token-0123456789', 'x'.repeat(15)])(
    'refuses %j as a token without echoing it',
    (token) => {
      expect(() => createSimApp({ controlToken: token })).toThrow(/^controlToken must be [^;!]*$/);
      expect(() => createSimApp({ controlToken: token })).not.toThrow(token);
    },
  );

  it('refuses an empty token rather than guarding nothing', () => {
    expect(() => createSimApp({ controlToken: '' })).toThrow(/^controlToken must be/);
  });
});
