import { describe, expect, it } from 'vitest';
import { DEMO_KEY_GRANTS } from './seed.ts';
import { createTestSim, DOCUMENTED_BODY, postDomain } from '../testing/test-helpers.ts';

// The demo keys the page lists (through runtime.json) must do what it says they do.
describe('DEMO_KEY_GRANTS', () => {
  it.each(DEMO_KEY_GRANTS.map((grant) => [grant.key, grant] as const))('%s may do what its grant says', async (key, grant) => {
    const { app } = createTestSim();
    const own = await postDomain(app, 'c0002', { key, body: { ...DOCUMENTED_BODY, domain: 'own.example' } });
    const other = await postDomain(app, 'c0001', { key, body: { ...DOCUMENTED_BODY, domain: 'other.example', account: 'web1' } });
    const expected = { admin: [201, 201], customer: [201, 403], 'no-permission': [403, 403] }[grant.role];
    expect([own.status, other.status]).toEqual(expected);
  });
});
