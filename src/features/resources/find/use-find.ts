import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { unicodeShown } from '../../../lib/names/shown-name.ts';
import { loadDomainName, loadedDomainName } from '../../../lib/names/domain-name-loader.ts';
import type { DescribedOk } from '../../../lib/openapi/described/described.ts';
import type { Collection } from '../../../lib/openapi/resources/resource-model.ts';
import { useServers } from '../../../lib/session/server-store.ts';
import { useSettings } from '../../../lib/session/settings-store.ts';
import { useTabCustomer } from '../../../lib/session/tab-customer.ts';
import { resourceQueries } from '../queries.ts';
import { useResources } from '../use-resources.ts';
import { askable, askedText, askQuery, filterParameter, fits, listsToAsk, type TextFilter } from './find-ask.ts';
import { findGroups, type FindGroup } from './find-groups.ts';
import { asciiForm } from './find-match.ts';
import { type KeptList, keptSources, RESOURCE_LISTS, resourceListSources } from './find-sources.ts';

/** Lists other screens keep, as the app reads them from the cache for a server. */
export type KeptLists = (client: QueryClient, server: string) => readonly KeptList[];

/** Milliseconds of preparing names per pass: well under a long task (50 ms), with room for the rest of the keystroke. */
const PREPARE_MS = 8;

/** How long typing must rest before the server is asked. */
export const ASK_AFTER_MS = 300;

export interface FindAnswer {
  state: 'no-key' | 'loading' | 'failed' | 'ready';
  groups: FindGroup[];
  /** Some list's names are still being prepared: more may be found in a moment. */
  pending: boolean;
  /** A question to the server is out. */
  asking: boolean;
  askFailed: boolean;
}

/**
 * What "Find" shows for `needle` (as needleOf makes it of `typed`) while its list is `open`: the lists at
 * hand, matched at each keystroke, and the server's answer where a top list can filter, asked
 * once typing rests (a question out is cancelled when the text changes).
 */
export function useFind(needle: string, open: boolean, kept: KeptLists | undefined, typed = needle): FindAnswer {
  const client = useQueryClient();
  const server = useServers().current.name;
  const hasKey = useSettings().apiKey !== '';
  const customer = useTabCustomer();
  const resources = useResources();
  const ready = resources.state === 'ready' ? resources : undefined;
  const maps = ready?.maps;
  const cached = useCachedLists(client, open);
  const sources = useMemo(() => (maps && cached ? [
    ...resourceListSources(cached.resourceLists, server, maps, customer),
    ...keptSources(kept?.(client, server) ?? [], maps, customer),
  ] : []), [cached, client, server, maps, customer, kept]);

  // Host names in Unicode, and found so and in ASCII: the name rules load once a name may need them.
  const [rules, setRules] = useState(() => loadedDomainName()?.normalizeDomain);
  const shown = useMemo(() => rules && ((name: string) => unicodeShown(name, rules)), [rules]);
  const ascii = useMemo(() => rules && ((name: string) => asciiForm(name, rules)), [rules]);
  // Names are prepared for a few milliseconds per pass: a list of 100,000 takes a few passes,
  // each its own task, searched as far as it is prepared meanwhile.
  const [pass, setPass] = useState(0);
  const found = useMemo(
    () => (maps ? findGroups(sources, needle, { maps, shown, ascii, budgetMs: PREPARE_MS }) : { groups: [], pending: false, ascii: false }),
    // Each pass prepares more names (a cache outside React, by rows array): the answer is made again for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sources, needle, maps, shown, ascii, pass],
  );
  useEffect(() => {
    if (!found.pending) return;
    const timer = setTimeout(() => { setPass((count) => count + 1); }, 0);
    return () => { clearTimeout(timer); };
  }, [found]);
  useEffect(() => {
    if (!found.ascii || rules) return;
    let live = true;
    loadDomainName().then((module) => { if (live) setRules(() => module.normalizeDomain); }, () => undefined);
    return () => { live = false; };
  }, [found.ascii, rules]);

  const model = ready?.model;
  // By the model and maps (the same objects from one render to the next; `ready` is not).
  const top = useMemo(() => (model && maps ? model.top.flatMap((apiPath) => maps.collections.get(apiPath) ?? []) : []), [model, maps]);
  const filters = useFilters(ready?.described, top);
  const complete = useMemo(() => new Set(sources.filter((source) => source.complete).map((source) => source.segments.join('/'))), [sources]);
  const lists = useMemo(() => (filters ? listsToAsk(top, filters, customer, complete) : []), [filters, top, customer, complete]);
  const text = askedText(typed);
  const settled = useSettled(text, ASK_AFTER_MS);
  const asked = open && hasKey && settled === text && askable(text) ? text : undefined;
  const asks = useQueries({
    queries: asked === undefined ? [] : lists.filter((list) => fits(list.filter, asked)).map((list) => ({
      ...resourceQueries.list(server, list.path, askQuery(list, asked), list.collection),
      // One request per list and text: a failure is said, not tried again, nor is an answer read
      // again because the window came back to the front or the network did.
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })),
  });

  const state = !hasKey ? 'no-key' : resources.state;
  return { state, groups: found.groups, pending: found.pending, asking: asks.some((ask) => ask.isFetching), askFailed: asks.some((ask) => ask.isError) };
}

/** The resource lists in the cache while the list is open, read again when a read lands or leaves. */
function useCachedLists(client: QueryClient, open: boolean) {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!open) return;
    return client.getQueryCache().subscribe((event) => {
      if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') setVersion((count) => count + 1);
    });
  }, [client, open]);
  return useMemo(() => (open ? { version, resourceLists: client.getQueriesData({ queryKey: RESOURCE_LISTS }) } : undefined), [client, open, version]);
}

/** `value` once it has stayed the same for `ms`; '' before. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => { setSettled(value); }, ms);
    return () => { clearTimeout(timer); };
  }, [value, ms]);
  return settled;
}

// Each top list read's filter parameter, asked of the description's worker once per description.
const filtersOf = new WeakMap<DescribedOk, Promise<ReadonlyMap<string, TextFilter>>>();

function filtersFor(described: DescribedOk, top: readonly Collection[]): Promise<ReadonlyMap<string, TextFilter>> {
  let found = filtersOf.get(described);
  if (!found) {
    found = Promise.all(top.map(async (collection) => {
      const view = await described.view(collection.list.key);
      return [collection.apiPath, view && filterParameter(view.operation.parameters, view.document)] as const;
    })).then((pairs) => new Map(pairs.flatMap(([apiPath, parameter]) => (parameter === undefined ? [] : [[apiPath, parameter] as const]))));
    filtersOf.set(described, found);
  }
  return found;
}

function useFilters(described: DescribedOk | undefined, top: readonly Collection[]): ReadonlyMap<string, TextFilter> | undefined {
  const [made, setMade] = useState<{ for: DescribedOk; filters: ReadonlyMap<string, TextFilter> }>();
  useEffect(() => {
    if (!described) return;
    let live = true;
    filtersFor(described, top).then(
      (filters) => { if (live) setMade({ for: described, filters }); },
      () => { if (live) setMade({ for: described, filters: new Map() }); },
    );
    return () => { live = false; };
  }, [described, top]);
  return described && made?.for === described ? made.filters : undefined;
}
