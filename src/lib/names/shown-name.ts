import type { DomainResult } from './domain-name.ts';

/** Longer text is no host name and is shown as it is. */
const MAX_NAME = 320;

/**
 * A host name (or the host of a mail address) as people read it: `xn--bcher-kva.example` →
 * `bücher.example`, `info@xn--bcher-kva.example` → `info@bücher.example`. Anything else, or
 * before the name rules are loaded, as it is.
 */
export function unicodeShown(text: string, normalize: ((name: string) => DomainResult) | undefined): string {
  if (normalize === undefined || text.length > MAX_NAME || !/(?:^|[.@])xn--/i.test(text)) return text;
  const at = text.lastIndexOf('@');
  const result = normalize(text.slice(at + 1));
  return result.ok && result.unicode !== result.ascii ? `${text.slice(0, at + 1)}${result.unicode}` : text;
}

/** Whether a text may hold a name `unicodeShown` would turn, so the rules are loaded only then. */
export const mayBeInAscii = (text: string) => text.length <= MAX_NAME && /(?:^|[.@])xn--/i.test(text);
