import { ApiError, isApiError } from '../api/api-error.ts';
import { sessionStorageOrNothing } from '../session/session-storage.ts';
import { createWriteLedger, type WriteLedger } from './write-ledger.ts';
import {
  type CheckFinding, initialWriteState, targetKey, type WriteAttempt, type WriteEvent, type WriteMachineState, writeTransition,
} from './write-machine.ts';

/** How one kind of write is sent and checked: the caller's, the rules are the guard's. */
export interface WriteOps<P, R> {
  /** Sends the attempt once; rejects with an ApiError (anything else counts as a plain failure). */
  send: (attempt: WriteAttempt<P>) => Promise<R | undefined>;
  /** Reads the target to learn whether a write of unknown outcome took effect. */
  check?: (attempt: WriteAttempt<P>) => Promise<CheckFinding>;
}

/**
 * One place that writes (the add-domain form, a generated form): its latest attempt and what
 * became of it. It lives outside React, so a send or a check under way finishes, and its result
 * waits, while the screen is closed.
 */
export interface WriteSlot<P, R> {
  getState: () => WriteMachineState<P, R>;
  subscribe: (listener: () => void) => () => void;
  /**
   * Sends only if the rules allow: never while busy, before Retry-After, or unconfirmed.
   * `confirmedTarget`: the targetKey the user gave their word for (the alert's attempt).
   */
  submit: (attempt: WriteAttempt<P>, ops: WriteOps<P, R>, confirmedTarget?: string) => WriteMachineState<P, R>;
}

export interface WriteGuardDeps {
  ledger: WriteLedger;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface WriteGuard {
  readonly ledger: WriteLedger;
  slot: <P, R>(name: string) => WriteSlot<P, R>;
}

export function createWriteGuard(deps: WriteGuardDeps): WriteGuard {
  const slots = new Map<string, WriteSlot<unknown, unknown>>();
  return {
    ledger: deps.ledger,
    slot: <P, R>(name: string) => {
      let slot = slots.get(name) as WriteSlot<P, R> | undefined;
      if (!slot) {
        slot = createSlot<P, R>(deps);
        slots.set(name, slot as WriteSlot<unknown, unknown>);
      }
      return slot;
    },
  };
}

function createSlot<P, R>({ ledger, now, setTimer, clearTimer }: WriteGuardDeps): WriteSlot<P, R> {
  let state = initialWriteState<P, R>();
  let ops: WriteOps<P, R> | undefined;
  let recheckTimer: unknown;
  const listeners = new Set<() => void>();

  function apply(event: WriteEvent<P, R>): WriteMachineState<P, R> {
    const previous = state;
    const next = writeTransition(previous, event);
    if (next === previous) return previous;
    state = next;
    // Only an answer settles memory, and only for the attempt it answers; a refused submit
    // (busy elsewhere, a confirmation asked for) changes nothing in the ledger.
    if (event.type !== 'submit' && next.phase !== 'idle') ledger.remember(targetKey(next.attempt), next.memory);
    if (next.sendId !== previous.sendId || next.phase !== previous.phase) run(next);
    listeners.forEach((listener) => { listener(); });
    return next;
  }

  function run(next: WriteMachineState<P, R>) {
    const current = ops;
    if (!current) return;
    const { sendId } = next;
    if (recheckTimer !== undefined) {
      clearTimer(recheckTimer);
      recheckTimer = undefined;
    }
    if (next.phase === 'sending') {
      const key = targetKey(next.attempt);
      // Unresolved until an answer says otherwise: a reload while it is out forgets nothing (the
      // in-flight mark lives in this page only). The answer writes the memory it leaves.
      ledger.remember(key, { uncertain: true, unresolved: true });
      const release = ledger.holdInFlight(key);
      current.send(next.attempt).then(
        (result) => { release(); apply({ type: 'sent', sendId, result }); },
        (caught: unknown) => {
          release();
          const error = isApiError(caught) ? caught : new ApiError('http', { cause: caught });
          apply({ type: 'send-failed', sendId, error, at: now() });
        },
      );
    } else if (next.phase === 'checking') {
      const { check } = current;
      // A check under way holds the target too: a second send now could race the first.
      const release = ledger.holdInFlight(targetKey(next.attempt));
      const checked = check ? check(next.attempt) : Promise.reject(new Error('no check'));
      checked.then(
        (finding) => { release(); apply({ type: 'checked', sendId, finding, at: now() }); },
        () => { release(); apply({ type: 'check-failed', sendId }); },
      );
    } else if (next.phase === 'checked' && next.recheckAt !== undefined) {
      recheckTimer = setTimer(() => {
        recheckTimer = undefined;
        apply({ type: 'recheck', sendId });
      }, Math.max(0, next.recheckAt - now()));
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    submit: (attempt, nextOps, confirmedTarget) => {
      const key = targetKey(attempt);
      const event: WriteEvent<P, R> = {
        type: 'submit', attempt, at: now(), confirmedTarget, memory: ledger.memoryOf(key), inFlightElsewhere: ledger.isInFlight(key),
      };
      // The ops belong to the attempt that is sent now; a refused submit keeps the last ones.
      if (writeTransition(state, event).sendId !== state.sendId) ops = nextOps;
      return apply(event);
    },
  };
}

const timers = {
  setTimer: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimer: (timer: unknown) => { clearTimeout(timer as ReturnType<typeof setTimeout>); },
};

/** The tab's one write guard: every screen that writes goes through it. */
export const writeGuard: WriteGuard = createWriteGuard({
  ledger: createWriteLedger(sessionStorageOrNothing()),
  now: () => Date.now(),
  ...timers,
});

// Closing or reloading the tab while a write is out or being checked asks first, whichever
// screen sent it (the form, a bulk row): its answer would be lost with the page.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (writeGuard.ledger.anyInFlight()) event.preventDefault();
  });
}
