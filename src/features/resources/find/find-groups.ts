// "Find"'s answer: the rows of every list at hand whose name holds what was typed, grouped by
// resource (in the description's order), best first (a name that starts with it, then a word
// that does, then anywhere, the server's own answer to the text last; shorter names first), each
// linked to its item's page exactly as the list screen links it. Capped: a person reads a few
// results, not 10,000.
import type { Collection, Item } from '../../../lib/openapi/resources/resource-model.ts';
import { resourceHref, rowLinks } from '../../../lib/openapi/resources/resource-route.ts';
import { needleOf, plainShown, preparedNames, rankOf, type Row } from './find-match.ts';

/** A list at hand: its rows as read, and where it is. */
export interface FindSource {
  collection: Collection;
  /** Its path's values by name, and its concrete segments. */
  values: Readonly<Record<string, string>>;
  segments: readonly string[];
  rows: readonly Row[];
  /** The property that names a row. */
  nameKey: string | undefined;
  /** What tells its rows apart where its name alone may not (the domain of a mailbox list), as read. */
  context: string | undefined;
  /** The text the server was asked to filter these rows by; undefined for a list as read. */
  askedFor: string | undefined;
  /** Every row of the list is here (one page and no more): the server need not be asked. */
  complete: boolean;
}

export interface FindResult {
  /** Unique in the answer: its page's address, or its list's and its name where it has no page. */
  key: string;
  href: string;
  label: string;
  context: string | undefined;
}

export interface FindGroup {
  apiPath: string;
  /** The resource's name in the panel's words ("Domains", "Postfächer"). */
  name: string;
  results: FindResult[];
  /** More rows matched than are shown. */
  more: boolean;
}

export const PER_GROUP = 8;
export const IN_ALL = 30;

/** Ranks: 0-2 as rankOf; the server's answer to exactly this text, where the name does not hold it. */
const ANSWERED = 3;
const RANKS = 4;

interface Maps { collections: ReadonlyMap<string, Collection>; items: ReadonlyMap<string, Item> }

export interface FindOptions {
  maps: Maps;
  /** A name as shown (host names in Unicode): the name rules, once loaded. */
  shown: ((name: string) => string) | undefined;
  /** A host name (or a mail address) kept in Unicode in its ASCII form, with the name rules: it is found by that too. */
  ascii?: ((name: string) => string) | undefined;
  /** Milliseconds spent preparing names not prepared yet, at most: see `pending`. */
  budgetMs?: number;
  perGroup?: number;
  inAll?: number;
}

export interface FindAnswerOf {
  groups: FindGroup[];
  /** Some list's names are not all prepared yet: ask again (later) to search the rest. */
  pending: boolean;
  /** Some name may be a host name in ASCII: the name rules are wanted. */
  ascii: boolean;
}

/** The matching rows of `sources` for `needle` (as needleOf makes it), grouped and capped. */
export function findGroups(sources: readonly FindSource[], needle: string, { maps, shown, ascii, budgetMs = Infinity, perGroup = PER_GROUP, inAll = IN_ALL }: FindOptions): FindAnswerOf {
  const progress = { pending: false, ascii: false };
  const until = performance.now() + budgetMs;
  if (needle === '') return { groups: [], ...progress };
  const bySource = new Map<string, FindSource[]>();
  for (const source of sources) {
    const same = bySource.get(source.collection.apiPath);
    if (same) same.push(source);
    else bySource.set(source.collection.apiPath, [source]);
  }
  const order = [...maps.collections.keys()];
  const paths = [...bySource.keys()].sort((a, b) => rank(order, a) - rank(order, b));
  const groups: FindGroup[] = [];
  let left = inAll;
  for (const apiPath of paths) {
    if (left <= 0) {
      // The lists after are not read: they may hold more.
      const last = groups.at(-1);
      if (last) last.more = true;
      break;
    }
    const group = groupOf(bySource.get(apiPath) ?? [], needle, maps, { shown, ascii }, until, perGroup, progress);
    if (group.results.length === 0) continue;
    if (group.results.length > left) {
      group.results = group.results.slice(0, left);
      group.more = true;
    }
    left -= group.results.length;
    groups.push(group);
  }
  return { groups, ...progress };
}

const rank = (order: readonly string[], apiPath: string) => {
  const at = order.indexOf(apiPath);
  return at < 0 ? order.length : at;
};

function groupOf(
  sources: readonly FindSource[], needle: string, maps: Maps, { shown, ascii }: Pick<FindOptions, 'shown' | 'ascii'>, until: number, perGroup: number,
  progress: { pending: boolean; ascii: boolean },
): FindGroup {
  const first = sources[0];
  const collection = (first && maps.collections.get(first.collection.apiPath)) ?? first?.collection;
  const buckets: FindResult[][] = Array.from({ length: RANKS }, () => []);
  const seen = new Set<string>();
  let more = false;
  for (const source of sources) {
    const names = preparedNames(source.rows, source.nameKey, source.collection.identifier, shown, until, ascii);
    if (names.texts.length < source.rows.length) progress.pending = true;
    if (names.ascii) progress.ascii = true;
    // The server is asked the text as typed: its answer is to this needle whatever the case.
    const answered = source.askedFor !== undefined && needleOf(source.askedFor) === needle;
    const links = rowLinks(maps, source.collection, source.values);
    const context = source.context && plainShown(shown ? shown(source.context) : source.context);
    const { texts } = names;
    for (let row = 0; row < texts.length; row += 1) {
      let found = rankOf(texts[row] ?? '', needle);
      if (found < 0) {
        if (!answered) continue;
        found = ANSWERED;
      }
      const bucket = buckets[found] ?? [];
      if (bucket.length >= perGroup) {
        more = true;
        // Nothing can come before a full first bucket: the rest of the list is not read.
        if (found === 0) break;
        continue;
      }
      const label = names.labels[row] ?? '';
      // A row with no page of its own opens its list.
      const item = links.item(names.ids[row]);
      const key = item ?? `${resourceHref(source.segments)}\n${label}`;
      if (seen.has(key)) continue;
      seen.add(key);
      bucket.push({ key, href: item ?? resourceHref(source.segments), label, context: context && !label.toLowerCase().includes(context.toLowerCase()) ? context : undefined });
    }
  }
  // Within a rank, the shorter name first: the closer match (`shop.example` before `shop-outlet.example`).
  const results = buckets.flatMap((bucket) => bucket.sort((a, b) => a.label.length - b.label.length || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)));
  if (results.length > perGroup) more = true;
  return { apiPath: collection?.apiPath ?? '', name: collection?.name ?? '', more, results: results.slice(0, perGroup) };
}
