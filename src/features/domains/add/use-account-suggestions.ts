import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { isIdentifier } from '../../../shared/identifier.ts';
import { useShownLanguage } from '../../../lib/i18n/i18n.ts';
import { useServers } from '../../../lib/session/server-store.ts';
import { accountsOf } from '../core/domain-list-view.ts';
import { domainQueries, listRouteFor } from '../core/queries.ts';
import { knownListRoute, routeKey } from '../core/list-operation.ts';

const NONE: string[] = [];

/**
 * The accounts of the customer's domains, as suggestions for the form's account field.
 *
 * The list is read only once the user reaches for the field's suggestions: a pointer press on
 * it, or a key that types or opens them. Not on focus: a focus alone (Tab passing through, a
 * script filling the form) must not send a request the user did not ask for. Nothing is asked
 * for a customer ID that is not valid, a failure stays silent (the suggestions are a help,
 * not a promise), and a list already read (the Domains screen) is used as it is.
 */
export function useAccountSuggestions(customerId: string) {
  const language = useShownLanguage();
  // The customer the user reached for: typing a new customer ID asks for nothing (each prefix
  // of it would be a request), reaching for the suggestions again does.
  const [wantedFor, setWantedFor] = useState<string>();
  const wanted = wantedFor === customerId;
  const valid = isIdentifier(customerId);
  const server = useServers().current.name;
  const queryClient = useQueryClient();
  // The query client is the app's one for the page's life; it is no part of what is read.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const { data } = useQuery({
    // The route known when asked is in the key: a list found later at the described path is read anew.
    queryKey: [...domainQueries.lists(server, customerId), 'suggestions', routeKey(knownListRoute(server))] as const,
    // Where the Domains screen reads it (the description's list, read only now), and the list
    // it holds when it has one.
    queryFn: async () => queryClient.query({
      ...domainQueries.list(server, customerId, await listRouteFor(queryClient, server)),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
    enabled: wanted && valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accounts = useMemo(
    () => (wanted && valid && data ? accountsOf(data, new Intl.Collator(language, { numeric: true }).compare) : NONE),
    [wanted, valid, data, language],
  );
  const want = useCallback(() => { setWantedFor(customerId); }, [customerId]);
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (OPENS_SUGGESTIONS.has(event.key) || event.key.length === 1) setWantedFor(customerId);
  }, [customerId]);
  // What the field's hint says: suggestions to be had (a valid customer), and how many once read.
  const offer: 'none' | 'unread' | 'read' = !valid ? 'none' : wanted && data ? 'read' : 'unread';
  return { accounts, offer, triggers: { onPointerDown: want, onKeyDown } };
}

// Tab, Enter, Escape and deleting pass through the field without asking for anything.
const OPENS_SUGGESTIONS: ReadonlySet<string> = new Set(['ArrowDown', 'ArrowUp']);
