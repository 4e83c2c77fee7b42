// The production server's log lines: what a line holds in each format, and that nothing a client
// sends can break a line in two or forge another.
import { describe, expect, it } from 'vitest';
import { createServerLog, type LogFormat } from './server-log.ts';

const NOW = new Date('2026-01-02T03:04:05.678Z');

function recorded(format: LogFormat) {
  const out: string[] = [];
  const err: string[] = [];
  const log = createServerLog(format, (line) => { out.push(line); }, (line) => { err.push(line); }, () => NOW);
  return { log, out, err };
}

describe('createServerLog', () => {
  it.each<[string, string, number | 'aborted', string]>([
    ['GET', '/', 200, '2026-01-02T03:04:05.678Z GET / 200 12 ms'],
    ['POST', '/liveconfig/api/v1/customers/c0002/domains', 'aborted', '2026-01-02T03:04:05.678Z POST /liveconfig/api/v1/customers/c0002/domains aborted 12 ms'],
    ['GET', '/a b\r\n2026-01-01T00:00:00.000Z GET /forged 200 1 ms', 404, '2026-01-02T03:04:05.678Z GET /a%20b%0D%0A2026-01-01T00:00:00.000Z%20GET%20/forged%20200%201%20ms 404 12 ms'],
    ['GET', '/caf\u00e9\u0000\u007f', 404, '2026-01-02T03:04:05.678Z GET /caf%E9%00%7F 404 12 ms'],
    ['GET', '/\u{1F600}', 404, '2026-01-02T03:04:05.678Z GET /%F0%9F%98%80 404 12 ms'],
  ])('text: %s %j → one line', (method, path, status, line) => {
    const { log, out, err } = recorded('text');
    log.request({ method, path, status, durationMs: 12.4 });
    expect(out).toEqual([line]);
    expect(err).toEqual([]);
  });

  it('text: a very long path is cut', () => {
    const { log, out } = recorded('text');
    log.request({ method: 'GET', path: `/${'a'.repeat(5000)}`, status: 404, durationMs: 1 });
    expect(out[0]?.length).toBeLessThan(600);
    expect(out[0]).toContain('aaa... 404 1 ms');
  });

  it('json: one object per line, the path as sent (JSON escapes it)', () => {
    const { log, out } = recorded('json');
    log.request({ method: 'GET', path: '/a\nb', status: 200, durationMs: 3.6 });
    log.request({ method: 'GET', path: '/x', status: 'aborted', durationMs: 0 });
    expect(out.every((line) => !line.includes('\n'))).toBe(true);
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([
      { time: NOW.toISOString(), level: 'info', method: 'GET', path: '/a\nb', status: 200, durationMs: 4 },
      { time: NOW.toISOString(), level: 'info', method: 'GET', path: '/x', status: 'aborted', durationMs: 0 },
    ]);
  });

  it('notes go to stdout, warnings to stderr; as JSON lines in json format', () => {
    const text = recorded('text');
    text.log.info('listening');
    text.log.warn('\n  !!! exposed\n');
    expect(text.out).toEqual(['listening']);
    expect(text.err).toEqual(['\n  !!! exposed\n']);
    const json = recorded('json');
    json.log.info('listening');
    json.log.warn('\n  !!! exposed\n  !!! really\n');
    expect(json.out.map((line) => JSON.parse(line) as unknown)).toEqual([{ time: NOW.toISOString(), level: 'info', message: 'listening' }]);
    expect(json.err.map((line) => JSON.parse(line) as unknown)).toEqual([{ time: NOW.toISOString(), level: 'warn', message: '!!! exposed\n  !!! really' }]);
  });
});
