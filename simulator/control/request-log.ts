// The log behind GET /__sim/requests. Bounded in entries and per body, so a long dev session or a
// client sending large bodies cannot grow the simulator's memory without limit.
import type { RecordedRequest, SimState } from '../api/state.ts';

const MAX_RECORDED_REQUESTS = 1000;
const MAX_RECORDED_BODY_BYTES = 16 * 1024;

/** Logged on arrival, before anything can hang or reset it; the body comes later, if at all. */
export function recordArrival(state: SimState, request: Request): RecordedRequest {
  const url = new URL(request.url);
  const entry: RecordedRequest = {
    method: request.method,
    path: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    body: '',
    at: Date.now(),
  };
  state.requests.push(entry);
  if (state.requests.length > MAX_RECORDED_REQUESTS) {
    state.requests.splice(0, state.requests.length - MAX_RECORDED_REQUESTS);
  }
  return entry;
}

export function recordBody(entry: RecordedRequest, body: string): void {
  if (Buffer.byteLength(body, 'utf8') <= MAX_RECORDED_BODY_BYTES) {
    entry.body = body;
    return;
  }
  // Decoded afresh rather than sliced: a V8 slice would keep the whole body alive behind it.
  // Streaming mode holds back a character split at the cut instead of emitting U+FFFD.
  const head = Buffer.from(body, 'utf8').subarray(0, MAX_RECORDED_BODY_BYTES);
  entry.body = new TextDecoder().decode(head, { stream: true });
  entry.bodyTruncated = true;
}

/** The body was refused for its size: the log says so instead of pretending it was empty. */
export function recordBodyRefused(entry: RecordedRequest): void {
  entry.body = '';
  entry.bodyTruncated = true;
}
