import type { JsonObject, JsonValue } from '../../../lib/openapi/json.ts';
import { runInSlices, type SliceBudget } from './run-in-slices.ts';

/**
 * JSON.parse of an answer of any size without a long task. The browser's own parser does the
 * work, on pieces of at most `pieceChars`; this module only finds where the pieces are and puts
 * them together, with a turn for the browser every `budgetMs`. A 1 MiB object of 50,000 keys
 * took JSON.parse 31 ms on this machine's Chromium (the 2-core build machine), and 48 ms to
 * receive as a structured clone from a worker, so a worker would not spare the page that cost;
 * 20 MiB took over 200 ms. Nesting of any depth is walked with a stack of its own (a worker could
 * not even post 10,000 levels back: structured clone overflows its stack).
 *
 * Two passes over the text: the first finds every array or object longer than a piece (its end,
 * by bracket matching that skips strings); the second walks only those, cutting each into runs
 * of small members that JSON.parse reads whole. Whatever the browser would refuse is refused.
 */
export interface SliceOptions extends SliceBudget {
  /** The longest text handed to JSON.parse in one call (a string value may be longer: it is one piece). */
  pieceChars?: number;
}

export type Parsed = { ok: true; value: JsonValue } | { ok: false };

const PIECE_CHARS = 32 * 1024;
/** Characters scanned between two looks at the clock. */
const SCAN_STEP = 16 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

class Invalid extends Error {}

/** The index of the quote that closes the string opened at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) throw new Invalid();
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

/** A key as JSON.parse makes it: `__proto__` too is an own property, never the prototype. */
function setOwn(object: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

interface Frame {
  kind: 'array' | 'object';
  value: JsonValue[] | JsonObject;
  /** Where the walk is: just past the opening bracket, a comma, or a member it has read. */
  at: number;
  /** The index of the closing bracket. */
  end: number;
  /** Whether the walk waits for a member (at the start, after a comma) or for a comma or the end. */
  wants: 'first' | 'member' | 'separator';
  /** The run of small members not yet parsed: from the first one's start to the last one's end. */
  runStart: number;
  runEnd: number;
  /** The key this frame's value takes in its parent object. */
  key: string;
}

/**
 * The parse as steps: it yields whenever it has done about SCAN_STEP characters' worth of work,
 * so a caller decides when the browser gets its turn (parseJsonInSlices), or runs it to the end
 * at once (tests).
 */
export function* parseSteps(text: string, pieceChars = PIECE_CHARS): Generator<void, Parsed> {
  try {
    return { ok: true, value: yield* walk(text, pieceChars) };
  } catch (error) {
    if (error instanceof Invalid || error instanceof SyntaxError) return { ok: false };
    throw error;
  }
}

function* walk(text: string, pieceChars: number): Generator<void, JsonValue> {
  const large = yield* largeContainers(text, pieceChars);
  const root = skipSpace(text, 0);
  const rootEnd = large.get(root);
  // Nothing large (a small answer, or one long string): one piece for the browser's parser.
  if (rootEnd === undefined) return JSON.parse(text) as JsonValue;
  if (skipSpace(text, rootEnd + 1) !== text.length) throw new Invalid();

  const frameAt = (start: number, key: string): Frame => {
    const kind = text.charCodeAt(start) === OPEN_ARRAY ? 'array' : 'object';
    return { kind, value: kind === 'array' ? [] : {}, at: start + 1, end: large.get(start) ?? -1, wants: 'first', runStart: -1, runEnd: -1, key };
  };
  const flush = (frame: Frame) => {
    if (frame.runStart < 0) return;
    const run = text.slice(frame.runStart, frame.runEnd + 1);
    frame.runStart = -1;
    if (Array.isArray(frame.value)) {
      const items = JSON.parse(`[${run}]`) as JsonValue[];
      for (const item of items) frame.value.push(item);
    } else {
      const members = JSON.parse(`{${run}}`) as JsonObject;
      for (const key of Object.keys(members)) setOwn(frame.value, key, members[key] ?? null);
    }
  };

  const stack: Frame[] = [frameAt(root, '')];
  let work = 0;
  for (;;) {
    const frame = stack[stack.length - 1];
    if (!frame) throw new Invalid();
    let at = skipSpace(text, frame.at);
    const code = text.charCodeAt(at);

    if (frame.wants !== 'member' && at === frame.end) {
      // The end: nothing after a trailing comma, brackets already matched by the first pass.
      flush(frame);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent) return frame.value;
      if (Array.isArray(parent.value)) parent.value.push(frame.value);
      else setOwn(parent.value, frame.key, frame.value);
      parent.at = frame.end + 1;
      parent.wants = 'separator';
      continue;
    }
    if (frame.wants === 'separator') {
      if (code !== COMMA) throw new Invalid();
      frame.at = at + 1;
      frame.wants = 'member';
      continue;
    }

    const memberStart = at;
    let key = '';
    if (frame.kind === 'object') {
      if (code !== QUOTE) throw new Invalid();
      const keyEnd = stringEnd(text, at);
      at = skipSpace(text, keyEnd + 1);
      if (text.charCodeAt(at) !== COLON) throw new Invalid();
      at = skipSpace(text, at + 1);
      if (large.has(at)) key = JSON.parse(text.slice(memberStart, keyEnd + 1)) as string;
    }
    if (large.has(at)) {
      flush(frame);
      frame.wants = 'separator';
      stack.push(frameAt(at, key));
      continue;
    }
    const valueEnd = smallValueEnd(text, at, frame.end);
    work += valueEnd - memberStart;
    if (frame.runStart < 0) frame.runStart = memberStart;
    frame.runEnd = valueEnd;
    if (frame.runEnd - frame.runStart >= pieceChars) {
      flush(frame);
      work += pieceChars;
    }
    frame.at = valueEnd + 1;
    frame.wants = 'separator';
    if (work >= SCAN_STEP) {
      work = 0;
      yield;
    }
  }
}

/** The last index of the small value that starts at `start` (a string, number, literal, or a container shorter than a piece). */
function smallValueEnd(text: string, start: number, limit: number): number {
  const code = text.charCodeAt(start);
  if (code === QUOTE) return stringEnd(text, start);
  if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
    let depth = 0;
    for (let at = start; at < limit; at += 1) {
      const char = text.charCodeAt(at);
      if (char === QUOTE) at = stringEnd(text, at);
      else if (char === OPEN_ARRAY || char === OPEN_OBJECT) depth += 1;
      else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
        depth -= 1;
        if (depth === 0) return at;
      }
    }
    throw new Invalid();
  }
  // A number or a literal: up to the next separator; JSON.parse judges it.
  let at = start;
  while (at < limit) {
    const char = text.charCodeAt(at);
    if (char === COMMA || char === CLOSE_ARRAY || char === CLOSE_OBJECT || isSpace(char)) break;
    at += 1;
  }
  if (at === start) throw new Invalid();
  return at - 1;
}

/** Where each array or object longer than `pieceChars` ends, by where it starts. */
function* largeContainers(text: string, pieceChars: number): Generator<void, Map<number, number>> {
  const large = new Map<number, number>();
  const open: number[] = [];
  let next = SCAN_STEP;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) at = stringEnd(text, at);
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) open.push(at);
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      const start = open.pop();
      if (start === undefined || text.charCodeAt(start) !== (code === CLOSE_ARRAY ? OPEN_ARRAY : OPEN_OBJECT)) throw new Invalid();
      if (at - start > pieceChars) large.set(start, at);
    }
    if (at >= next) {
      next = at + SCAN_STEP;
      yield;
    }
  }
  if (open.length > 0) throw new Invalid();
  return large;
}


/** JSON.parse(text) in slices of about `budgetMs`, the browser's turn in between; a value, never a throw (an abort rejects). */
export async function parseJsonInSlices(text: string, options: SliceOptions = {}): Promise<Parsed> {
  return runInSlices(parseSteps(text, options.pieceChars), options);
}
