/**
 * What an answer's table cell shows at most: a longer value is cut here, with an ellipsis and a
 * way to the whole of it (the cell's "Whole value", Raw JSON, the downloads). A cell of 500,000
 * characters laid out in a table row took the page seconds; 1,000 lay out in a moment.
 */
export const MAX_CELL_CHARS = 1000;

export interface CutText {
  /** At most `max` characters of the text. */
  text: string;
  /** True when the whole is longer than what `text` holds. */
  cut: boolean;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The first `max` characters of `text`, never half of a surrogate pair. */
export function cutText(text: string, max = MAX_CELL_CHARS): CutText {
  if (text.length <= max) return { text, cut: false };
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}
