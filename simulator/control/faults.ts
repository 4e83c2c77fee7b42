// Fault injection: what a test queues through POST /__sim/faults, and which API request it hits.
import type { SimState } from '../api/state.ts';
import type { FaultAction, FaultSpec } from './fault-spec.ts';

/**
 * Thrown where a real client would see a network error instead of an answer. In-process
 * (`app.request()`) it rejects the returned promise, as `fetch` rejects; over a socket the
 * connection is already gone, so the 500 node-server writes afterwards reaches nobody.
 */
export class SimConnectionError extends Error {
  readonly kind: 'reset' | 'aborted';
  constructor(kind: 'reset' | 'aborted') {
    super(kind === 'reset' ? 'simulated connection reset' : 'request aborted while the simulator held it');
    this.name = 'SimConnectionError';
    this.kind = kind;
  }
}

export type FaultParse = { ok: true; spec: FaultSpec; count: number } | { ok: false; error: string };

const ACTIONS: readonly FaultAction[] = ['respond', 'hang', 'reset'];
const FIELDS = new Set(['count', 'method', 'pathIncludes', 'delayMs', 'action', 'when', 'status', 'contentType', 'body', 'headers']);

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function optional<T>(value: unknown, check: (v: unknown) => v is T): { ok: true; value: T | undefined } | { ok: false } {
  if (value === undefined) return { ok: true, value: undefined };
  return check(value) ? { ok: true, value } : { ok: false };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && typeof v === 'number' && v >= 1;
const isDelay = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
// Response() accepts only 200-599; anything else would fail later, inside a test's request.
const isStatus = (v: unknown): v is number => Number.isInteger(v) && typeof v === 'number' && v >= 200 && v <= 599;

/** Strict on purpose: a typo in a test's fault should fail loudly, not silently inject nothing. */
export function parseFaultRequest(input: unknown): FaultParse {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, error: 'body must be an object' };
  const raw: Record<string, unknown> = { ...input };
  const unknown = Object.keys(raw).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return { ok: false, error: `unknown field(s): ${unknown.join(', ')}` };
  const action = ACTIONS.find((a) => a === raw.action);
  if (!action) return { ok: false, error: `action must be one of ${ACTIONS.join(', ')}` };
  const when = raw.when === undefined ? 'before' : raw.when;
  if (when !== 'before' && when !== 'after') return { ok: false, error: 'when must be before or after' };
  const count = optional(raw.count, isCount);
  const method = optional(raw.method, isString);
  const pathIncludes = optional(raw.pathIncludes, isString);
  const delayMs = optional(raw.delayMs, isDelay);
  const status = optional(raw.status, isStatus);
  const contentType = optional(raw.contentType, isString);
  const body = optional(raw.body, isString);
  const headers = optional(raw.headers, isStringRecord);
  const fields = { count, method, pathIncludes, delayMs, status, contentType, body, headers };
  const bad = Object.entries(fields).filter(([, parsed]) => !parsed.ok).map(([name]) => name);
  if (!count.ok || !method.ok || !pathIncludes.ok || !delayMs.ok || !status.ok || !contentType.ok || !body.ok || !headers.ok) {
    return { ok: false, error: `invalid field(s): ${bad.join(', ')}` };
  }
  const spec: FaultSpec = { action, when };
  if (method.value !== undefined) spec.method = method.value;
  if (pathIncludes.value !== undefined) spec.pathIncludes = pathIncludes.value;
  if (delayMs.value !== undefined) spec.delayMs = delayMs.value;
  if (status.value !== undefined) spec.status = status.value;
  if (contentType.value !== undefined) spec.contentType = contentType.value;
  if (body.value !== undefined) spec.body = body.value;
  if (headers.value !== undefined) spec.headers = headers.value;
  return { ok: true, spec, count: count.value ?? 1 };
}

/** The first queued fault matching this request, consumed by one use; oldest fault wins. */
export function takeFault(state: SimState, method: string, path: string): FaultSpec | undefined {
  const index = state.faults.findIndex(
    ({ spec }) =>
      (spec.method === undefined || spec.method.toUpperCase() === method.toUpperCase()) &&
      (spec.pathIncludes === undefined || path.includes(spec.pathIncludes)),
  );
  const fault = state.faults[index];
  if (!fault) return undefined;
  fault.remaining -= 1;
  if (fault.remaining === 0) state.faults.splice(index, 1);
  return fault.spec;
}
