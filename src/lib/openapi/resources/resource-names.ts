// Names of resources as a person reads them, from the literal segments of their paths:
// `mail-addresses` → "Mail addresses" (singular "mail address"), `dns/records` → "DNS records".
import { humanLabel, inSentence } from '../form/fields/human-label.ts';

/** Plurals that no rule makes singular. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['people', 'person'], ['children', 'child'], ['indices', 'index'], ['matrices', 'matrix'], ['vertices', 'vertex'], ['analyses', 'analysis'],
  ['cookies', 'cookie'], ['movies', 'movie'], ['caches', 'cache'], ['niches', 'niche'], ['series', 'series'], ['species', 'species'],
  ['news', 'news'], ['data', 'data'], ['metadata', 'metadata'], ['settings', 'settings'], ['statistics', 'statistics'], ['stats', 'stats'],
]);

/** One word's singular, by the rules English plurals of resource names follow. */
export function singularWord(word: string): string {
  // An acronym's plural (`IPs`, `URLs`): the acronym.
  if (/^[A-Z0-9]{2,}s$/.test(word)) return word.slice(0, -1);
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return word.slice(0, 1) + irregular.slice(1);
  if (lower.length <= 3 || !lower.endsWith('s') || lower.endsWith('ss') || /[^aeiou]us$|is$/.test(lower)) return word;
  if (lower.endsWith('ies')) return `${word.slice(0, -3)}y`;
  // addresses, boxes, matches, wishes, aliases, statuses: "es" off; databases, houses, leases: "s" off.
  if (/(?:ss|x|z|ch|sh|ias|[^aeiou]us)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The words of a path's literal segments below its parent (`['dns', 'records']`) made human: "DNS records". */
export function collectionName(segments: readonly string[]): string {
  const words = segments.map((segment) => humanLabel(segment));
  return words.map((word, at) => (at === 0 ? word : inSentence(word))).join(' ');
}

/** The singular of a collection's name, in a sentence ("mail address", "DNS record"): its last word made singular. */
export function singularName(segments: readonly string[]): string {
  const name = collectionName(segments);
  const at = name.lastIndexOf(' ') + 1;
  return inSentence(name.slice(0, at) + singularWord(name.slice(at)));
}

/** A sentence's first word capitalised: "mail address" → "Mail address". */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
