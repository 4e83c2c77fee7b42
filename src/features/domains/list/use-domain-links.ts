import { useEffect, useMemo, useState } from 'react';
import type { Described } from '../../../lib/openapi/use-description.ts';
import { resourceMaps } from '../../../lib/openapi/resources/resource-model.ts';
import { matchPath, rowLinks } from '../../../lib/openapi/resources/resource-route.ts';
import { type ListRoute, listPath } from '../core/list-operation.ts';

type Maps = ReturnType<typeof resourceMaps>;

export interface DomainLinks {
  /** A domain's page among the resources (its mailboxes, DNS records, …), by its name as sent. */
  domain: (ascii: string) => string | undefined;
  /** The hosting account a domain is on, where the description has its page. */
  account: (name: string) => string | undefined;
}

/**
 * Where the Domains screen's rows lead: the server's resources read from its description (made in
 * its worker, once), the list's collection found by the operation the screen reads.
 */
export function useDomainLinks(described: Extract<Described, { ok: true }> | undefined, route: ListRoute, customerId: string): DomainLinks | undefined {
  const [made, setMade] = useState<{ for: typeof described; maps: Maps }>();
  useEffect(() => {
    if (!described) return;
    let live = true;
    described.resources().then((model) => { if (live && model) setMade({ for: described, maps: resourceMaps(model) }); }, () => undefined);
    return () => { live = false; };
  }, [described]);
  return useMemo(() => {
    if (!made || made.for !== described || route.kind !== 'described') return undefined;
    const collection = [...made.maps.collections.values()].find((candidate) => candidate.list.key === route.operation);
    const values = collection && matchPath(collection.apiPath, listPath(route, customerId));
    if (!collection || !values) return undefined;
    const links = rowLinks(made.maps, collection, values);
    return { domain: (ascii) => links.item(ascii), account: (name) => links.relation('account', name) };
  }, [made, described, route, customerId]);
}
