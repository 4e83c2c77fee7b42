import { describe, expect, it } from 'vitest';
import { DEMO_KEY_GRANTS, DEMO_KEYS, SEED_KEYS } from './seed.ts';

describe('DEMO_KEY_GRANTS', () => {
  it('lists every demo key with what it may do, in the order of DEMO_KEYS', () => {
    expect(DEMO_KEY_GRANTS).toEqual([
      { key: 'demo-admin-key', role: 'admin' },
      { key: 'demo-customer-key', role: 'customer', customerId: 'c0002' },
      { key: 'demo-noperm-key', role: 'no-permission' },
    ]);
  });

  it('agrees with the keys the simulator accepts', () => {
    expect(DEMO_KEY_GRANTS.map(({ key }) => key)).toEqual(Object.values(DEMO_KEYS));
    for (const { key, ...grant } of DEMO_KEY_GRANTS) expect(SEED_KEYS.get(key)).toEqual(grant);
  });

  it('survives JSON, as runtime.json carries it', () => {
    expect(JSON.parse(JSON.stringify(DEMO_KEY_GRANTS))).toEqual(DEMO_KEY_GRANTS);
  });
});
