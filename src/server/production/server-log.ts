import type { StartupLogger } from '../origin/hosting-announce.ts';

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface RequestRecord {
  method: string;
  /** The request target without its query: a query may carry what a log must not keep. */
  path: string;
  /** The status sent, or 'aborted' when the exchange ended without a complete answer. */
  status: number | 'aborted';
  durationMs: number;
  /** The server's own stop cut it (the grace period was over), not its client. */
  cutAtShutdown?: true;
}

export interface ServerLog extends StartupLogger {
  request: (record: RequestRecord) => void;
}

const MAX_PATH = 512;

/**
 * The production server's log: one line per event, plain text or JSON lines (LOG_FORMAT=json),
 * notes to stdout and warnings to stderr. It is given a method and a path, never a header, so
 * no header value (the API key is one) can reach it. What a client sent is escaped: a path
 * cannot forge a second line.
 */
export function createServerLog(
  format: LogFormat,
  out: (line: string) => void = (line) => { process.stdout.write(`${line}\n`); },
  err: (line: string) => void = (line) => { process.stderr.write(`${line}\n`); },
  now: () => Date = () => new Date(),
): ServerLog {
  const note = (level: 'info' | 'warn', message: string) => {
    const write = level === 'info' ? out : err;
    write(format === 'json' ? JSON.stringify({ time: now().toISOString(), level, message: message.trim() }) : message);
  };
  return {
    info: (message) => { note('info', message); },
    warn: (message) => { note('warn', message); },
    request({ method, path, status, durationMs, cutAtShutdown }) {
      const ms = Math.round(durationMs);
      out(format === 'json'
        ? JSON.stringify({ time: now().toISOString(), level: 'info', method, path: cut(path), status, durationMs: ms, cutAtShutdown })
        : `${now().toISOString()} ${printable(method)} ${cut(printable(path))} ${status} ${ms} ms${cutAtShutdown ? ', cut at shutdown' : ''}`);
    },
  };
}

function cut(text: string): string {
  return text.length > MAX_PATH ? `${text.slice(0, MAX_PATH)}...` : text;
}

/** Characters outside printable ASCII as %XX, so one request is always one line of plain text. */
function printable(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (char) =>
    [...Buffer.from(char, char.charCodeAt(0) <= 0xff ? 'latin1' : 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}
