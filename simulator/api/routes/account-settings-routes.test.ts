import { describe, expect, it } from 'vitest';
import { callApi, jsonOf } from '../../testing/api-calls.ts';
import { createTestSim } from '../../testing/test-helpers.ts';

const SETTINGS = '/customers/c0002/accounts/web77/settings';
const DEFAULTS = { phpVersion: '8.3', phpMemoryLimitMiB: 256, sshAccess: false };

describe('settings of a hosting account', () => {
  it('reads the defaults of an account nobody changed', async () => {
    const { app } = createTestSim();
    const read = await callApi(app, 'GET', SETTINGS, { key: 'demo-customer-key' });
    expect([read.status, await jsonOf(read)]).toEqual([200, DEFAULTS]);
  });

  it('merges a change, answers the whole object, and keeps it for that account only', async () => {
    const { app } = createTestSim();
    const changed = await callApi(app, 'PATCH', SETTINGS, { key: 'demo-customer-key', body: { phpVersion: '8.4', sshAccess: true } });
    expect([changed.status, await jsonOf(changed)]).toEqual([200, { ...DEFAULTS, phpVersion: '8.4', sshAccess: true }]);
    const again = await callApi(app, 'PATCH', SETTINGS, { body: { phpMemoryLimitMiB: 2048 } });
    expect(await jsonOf(again)).toEqual({ phpVersion: '8.4', phpMemoryLimitMiB: 2048, sshAccess: true });
    expect(await jsonOf(await callApi(app, 'GET', SETTINGS))).toEqual({ phpVersion: '8.4', phpMemoryLimitMiB: 2048, sshAccess: true });
    expect(await jsonOf(await callApi(app, 'GET', '/customers/c0002/accounts/web78/settings'))).toEqual(DEFAULTS);
    expect(await jsonOf(await callApi(app, 'PATCH', SETTINGS, { body: {} }))).toEqual({ phpVersion: '8.4', phpMemoryLimitMiB: 2048, sshAccess: true });
  });

  it.each([
    [{ phpVersion: '7.4' }, ['#/phpVersion']],
    [{ phpVersion: 8.3 }, ['#/phpVersion']],
    [{ phpMemoryLimitMiB: 63, sshAccess: 'yes' }, ['#/phpMemoryLimitMiB', '#/sshAccess']],
    [{ phpMemoryLimitMiB: 2049 }, ['#/phpMemoryLimitMiB']],
    [{ phpMemoryLimitMiB: 128.5 }, ['#/phpMemoryLimitMiB']],
    [{ diskQuotaMiB: 1, phpVersion: null }, ['#/diskQuotaMiB', '#/phpVersion']],
  ])('answers 422 naming every bad field of %j, and changes nothing', async (body, pointers) => {
    const { app } = createTestSim();
    const response = await callApi(app, 'PATCH', SETTINGS, { body });
    expect(response.status).toBe(422);
    expect(((await jsonOf(response)) as { errors: { pointer: string }[] }).errors.map(({ pointer }) => pointer)).toEqual(pointers);
    expect(await jsonOf(await callApi(app, 'GET', SETTINGS))).toEqual(DEFAULTS);
  });

  it("answers 404 for an account the customer does not have, another customer's included", async () => {
    const { app } = createTestSim();
    for (const path of ['/customers/c0002/accounts/web1/settings', '/customers/c0002/accounts/nothing/settings']) {
      expect((await callApi(app, 'GET', path)).status).toBe(404);
      expect((await callApi(app, 'PATCH', path, { body: { sshAccess: true } })).status).toBe(404);
    }
    expect((await callApi(app, 'GET', '/customers/c0001/accounts/web1/settings', { key: 'demo-customer-key' })).status).toBe(403);
  });
});
