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
  return `${text.slice(0, at + 1)}${hostShown(text.slice(at + 1), normalize)}`;
}

// Hosts converted already, per set of rules: 10,000 mailboxes of one domain convert it once.
const shownHosts = new WeakMap<(name: string) => DomainResult, Map<string, string>>();
const MAX_KEPT = 5_000;

function hostShown(host: string, normalize: (name: string) => DomainResult): string {
  const kept = shownHosts.get(normalize) ?? new Map<string, string>();
  shownHosts.set(normalize, kept);
  const known = kept.get(host);
  if (known !== undefined) return known;
  const result = normalize(host);
  const shown = result.ok && result.unicode !== result.ascii ? result.unicode : host;
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(host, shown);
  return shown;
}

/** Whether a text may hold a name `unicodeShown` would turn, so the rules are loaded only then. */
export const mayBeInAscii = (text: string) => text.length <= MAX_NAME && /(?:^|[.@])xn--/i.test(text);
