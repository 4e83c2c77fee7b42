export interface CappedText {
  text: string;
  /** The body had more than `maxBytes` bytes; the rest was never read. */
  truncated: boolean;
}

/**
 * The body as UTF-8 text, at most `maxBytes` of it: a server's error page can be any size, and
 * `response.text()` would hold all of it in memory before a word is shown. Past the cap the
 * stream is cancelled, so the rest is not downloaded either. A character cut by the cap is
 * dropped whole; a read error rejects, as `text()` would.
 */
export async function readCappedText(response: Response, maxBytes: number): Promise<CappedText> {
  if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be 0 or more, not ${String(maxBytes)}`);
  // No stream means no body (204, HEAD); a stand-in Response may still carry text, so cap it too.
  if (!response.body) return capText(await response.text(), maxBytes);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), truncated: false };
    if (received + value.byteLength > maxBytes) {
      // Not awaited: a source slow to cancel must not hold the text back; its failure is moot.
      reader.cancel().catch(() => undefined);
      // Streaming mode keeps a cut character's first bytes back, and they are never flushed.
      return { text: text + decoder.decode(value.subarray(0, maxBytes - received), { stream: true }), truncated: true };
    }
    received += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
}

function capText(whole: string, maxBytes: number): CappedText {
  const bytes = new TextEncoder().encode(whole);
  if (bytes.byteLength <= maxBytes) return { text: whole, truncated: false };
  // `text()` has already dropped the BOM; a second one is the body's own.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  return { text: decoder.decode(bytes.subarray(0, maxBytes), { stream: true }), truncated: true };
}
