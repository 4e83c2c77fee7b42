// warnIfExposed and the listen defaults: the proxy lets anyone who reaches it use the hosting
// server past the key's IP restriction, so it listens on localhost and warns when it does not.
import type { Logger } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { warnIfExposed } from './hosting-plugin.ts';

function recordingLogger() {
  const lines: string[] = [];
  const warnings: string[] = [];
  const record = (message: string) => { lines.push(message); };
  const logger: Logger = {
    info: vi.fn(record),
    warn: vi.fn((message: string) => { warnings.push(message); record(message); }),
    warnOnce: vi.fn(record),
    error: vi.fn(record),
    clearScreen: vi.fn(),
    hasErrorLogged: () => false,
    hasWarned: false,
  };
  return { logger, lines, warned: () => warnings.length };
}

describe('warnIfExposed', () => {
  it.each([undefined, false, 'localhost', '127.0.0.1', '::1', '[::1]'])('prints nothing for the loopback host %s', (host) => {
    const { logger, lines } = recordingLogger();
    warnIfExposed(logger, host);
    expect(lines).toEqual([]);
  });

  it.each([
    [true, 'all addresses'],
    ['0.0.0.0', '0.0.0.0'],
    ['192.168.1.5', '192.168.1.5'],
    ['::', '::'],
  ])('warns about the IP restriction for %s', (host, shown) => {
    const { logger, lines, warned } = recordingLogger();
    warnIfExposed(logger, host);
    expect(warned()).toBe(1);
    expect(lines).toHaveLength(1);
    const [warning] = lines;
    expect(warning).toContain(`Listening on ${shown}.`);
    expect(warning).toContain('IP restriction');
    expect(warning).toContain("the hosting server sees the proxy's address");
    expect(warning).toContain('Listen on localhost');
  });
});
