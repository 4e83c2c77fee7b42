import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../testing/fake-storage.ts';
import { createWriteLedger } from './write-ledger.ts';
import { CLEAR_MEMORY } from './write-machine.ts';

describe('the write ledger in storage', () => {
  it('keeps a target unresolved in storage while a send or check of it is out, whatever settles it meanwhile', async () => {
    const storage = fakeStorage();
    const ledger = createWriteLedger(storage);
    const release = ledger.holdInFlight('prod\ncustomers/c1/domains/a.example');
    await Promise.resolve();
    expect(createWriteLedger(storage).memoryOf('prod\ncustomers/c1/domains/a.example')).toEqual({ uncertain: true, unresolved: true });
    // Another answer for the same target settles it in this page...
    ledger.remember('prod\ncustomers/c1/domains/a.example', CLEAR_MEMORY);
    // ...but a page loaded now would never hear the answer to what is still out.
    expect(createWriteLedger(storage).memoryOf('prod\ncustomers/c1/domains/a.example')).toEqual({ uncertain: true, unresolved: true });
    release();
    await Promise.resolve();
    expect(createWriteLedger(storage).memoryOf('prod\ncustomers/c1/domains/a.example')).toEqual(CLEAR_MEMORY);
  });

  it('counts holds: the target stays held until the last release, and a release counts once', async () => {
    const storage = fakeStorage();
    const ledger = createWriteLedger(storage);
    const first = ledger.holdInFlight('k');
    const second = ledger.holdInFlight('k');
    first();
    first();
    await Promise.resolve();
    expect(ledger.isInFlight('k')).toBe(true);
    expect(createWriteLedger(storage).memoryOf('k').unresolved).toBe(true);
    second();
    await Promise.resolve();
    expect(ledger.isInFlight('k')).toBe(false);
    expect(storage.entries.size).toBe(0);
  });
});
