import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCappedText } from './read-capped-text.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text);

/**
 * A body served one chunk per read: with no queue to fill ahead (highWaterMark 0), what the
 * source hands out is exactly what the reader asked for.
 */
function servedBody(chunks: Iterable<Uint8Array>) {
  const source = chunks[Symbol.iterator]();
  const seen = { chunks: 0, bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = source.next();
      if (next.done) {
        controller.close();
        return;
      }
      seen.chunks += 1;
      seen.bytes += next.value.byteLength;
      controller.enqueue(next.value);
    },
    cancel() {
      seen.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { response: new Response(stream), seen };
}

function* endless(chunk: Uint8Array): Generator<Uint8Array, never> {
  for (;;) yield chunk;
}

/** The bytes cut at the given places (any numbers; taken modulo the length). */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length));
}

describe('readCappedText: bodies within the cap', () => {
  it('reads a small body whole', async () => {
    await expect(readCappedText(new Response('Domain refused.'), 1024)).resolves.toEqual({ text: 'Domain refused.', truncated: false });
  });

  it('reads a body of several chunks whole and never cancels it', async () => {
    const { response, seen } = servedBody(['<html>', '<title>Down</title>', '</html>'].map(bytesOf));
    await expect(readCappedText(response, 1024)).resolves.toEqual({ text: '<html><title>Down</title></html>', truncated: false });
    expect(seen.cancelled).toBe(false);
  });

  it('a body of exactly the cap is whole, not truncated', async () => {
    const { response, seen } = servedBody([bytesOf('0123456789'), bytesOf('0123456789')]);
    await expect(readCappedText(response, 20)).resolves.toEqual({ text: '01234567890123456789', truncated: false });
    expect(seen.cancelled).toBe(false);
  });

  it('an empty body is empty, whatever the cap', async () => {
    await expect(readCappedText(new Response(''), 0)).resolves.toEqual({ text: '', truncated: false });
    await expect(readCappedText(new Response(null, { status: 502 }), 10)).resolves.toEqual({ text: '', truncated: false });
  });
});

describe('readCappedText: bodies over the cap', () => {
  it('cuts the body at the cap and cancels the rest, pulling at most one chunk past it', async () => {
    const { response, seen } = servedBody(endless(bytesOf('abcdefghij')));
    await expect(readCappedText(response, 25)).resolves.toEqual({ text: 'abcdefghijabcdefghijabcde', truncated: true });
    expect(seen.cancelled).toBe(true);
    expect(seen.chunks).toBe(3);
    expect(seen.bytes).toBeLessThanOrEqual(25 + 10);
  });

  it('a body of 1 GiB is read no further than 64 KiB and one chunk', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const gibibyte = (function* () {
      for (let sent = 0; sent < 1024 ** 3; sent += chunk.byteLength) yield chunk;
    })();
    const { response, seen } = servedBody(gibibyte);
    const { text, truncated } = await readCappedText(response, 64 * 1024);
    expect(text).toBe('a'.repeat(64 * 1024));
    expect(truncated).toBe(true);
    expect(seen.cancelled).toBe(true);
    expect(seen.bytes).toBeLessThanOrEqual(64 * 1024 + chunk.byteLength);
  });

  it('a cap of 0 reads one chunk and keeps nothing', async () => {
    const { response, seen } = servedBody(endless(bytesOf('x')));
    await expect(readCappedText(response, 0)).resolves.toEqual({ text: '', truncated: true });
    expect(seen).toEqual({ chunks: 1, bytes: 1, cancelled: true });
  });

  it('drops a character the cap cuts instead of garbling it', async () => {
    const { response } = servedBody([bytesOf('€€')]);
    await expect(readCappedText(response, 4)).resolves.toEqual({ text: '€', truncated: true });
  });
});

describe('readCappedText: UTF-8 across chunks', () => {
  it('decodes characters split over chunks of one byte each', async () => {
    const text = 'Fehler: é € 😀 ß';
    const { response } = servedBody(chunked(bytesOf(text), [...bytesOf(text).keys()]));
    await expect(readCappedText(response, 1024)).resolves.toEqual({ text, truncated: false });
  });

  it('ends a body cut mid-character with U+FFFD and drops a BOM, as text() does', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69, 0xe2, 0x82]);
    const expected = await new Response(bytes).text();
    expect(expected).toBe('hi\ufffd');
    await expect(readCappedText(servedBody(chunked(bytes, [1, 4, 6])).response, 100)).resolves.toEqual({ text: expected, truncated: false });
  });

  it('for any text, chunking and cap: the longest whole-character prefix within the cap', async () => {
    const input = fc.record({ text: fc.string({ unit: 'binary', maxLength: 40 }), cuts: fc.array(fc.nat(), { maxLength: 12 }), cap: fc.nat({ max: 200 }) });
    await fc.assert(fc.asyncProperty(input, async ({ text, cuts, cap }) => {
      const bytes = bytesOf(text);
      const full = await new Response(bytes).text();
      const read = await readCappedText(servedBody(chunked(bytes, cuts)).response, cap);
      expect(read.truncated).toBe(bytes.length > cap);
      expect(full.startsWith(read.text)).toBe(true);
      expect(bytesOf(read.text).length).toBeLessThanOrEqual(cap);
      // Short of the cap by at most the first bytes of a cut character, and a BOM text() drops too.
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
      expect(bytesOf(read.text).length).toBeGreaterThanOrEqual(Math.min(cap, bytes.length) - bom - 3);
    }), { numRuns: 100 });
  });
});

describe('readCappedText: without a stream, and failures', () => {
  it('falls back to text() when there is no body stream, and caps that too', async () => {
    const standIn = { body: null, text: () => Promise.resolve('x'.repeat(100)) } as unknown as Response;
    await expect(readCappedText(standIn, 10)).resolves.toEqual({ text: 'x'.repeat(10), truncated: true });
    await expect(readCappedText(standIn, 100)).resolves.toEqual({ text: 'x'.repeat(100), truncated: false });
  });

  it('rejects when the body fails mid-read, as text() would', async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('connection reset'));
        else controller.enqueue(bytesOf('half'));
        sent = true;
      },
    });
    await expect(readCappedText(new Response(stream), 1024)).rejects.toThrow('connection reset');
  });

  it.each([-1, Number.NaN])('refuses a cap of %s', async (cap) => {
    await expect(readCappedText(new Response('x'), cap)).rejects.toThrow(RangeError);
  });
});
