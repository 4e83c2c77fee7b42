import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for any number of callers, and keeps the result at hand', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const once = loadOnce(load);
    expect(once.loaded()).toBeUndefined();

    const results = await Promise.all([once.load(), once.load(), once.load()]);

    expect(results).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(once.loaded()).toBe('module');
    await once.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const once = loadOnce(load);

    await expect(once.load()).rejects.toThrow('offline');
    expect(once.loaded()).toBeUndefined();
    await expect(once.load()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
