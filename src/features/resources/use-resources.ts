import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { type ResourceModel, resourceMaps } from '../../lib/openapi/resources/resource-model.ts';
import { useDescription } from '../../lib/openapi/use-description.ts';
import { useServers } from '../../lib/session/server-store.ts';
import { useSettings } from '../../lib/session/settings-store.ts';
import { useShownLanguage } from '../../lib/i18n/i18n.ts';
import { germanModel } from '../../lib/openapi/resources/names-de.ts';
import { segmentsOfHash } from '../../lib/openapi/resources/resource-route.ts';

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => { window.removeEventListener('hashchange', listener); };
}

const currentHash = () => window.location.hash;

/** The concrete path the address names (`#/resources/customers/c0002/domains` → its segments). */
export function useResourceSegments(): string[] {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return useMemo(() => segmentsOfHash(hash) ?? [], [hash]);
}

export type ResourcesState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; described: DescribedOk; model: ResourceModel; maps: ReturnType<typeof resourceMaps> };

/** The current server's description (as the API screen reads it, once) and its resources, made where it is read. */
export function useResources(): ResourcesState {
  const server = useServers().current;
  const { apiKey } = useSettings();
  const { query } = useDescription(server, apiKey);
  const described = query.data?.ok ? query.data : undefined;
  const [made, setMade] = useState<{ for: DescribedOk; model: ResourceModel | undefined }>();
  useEffect(() => {
    if (!described) return;
    let live = true;
    described.resources().then(
      (model) => { if (live) setMade({ for: described, model }); },
      () => { if (live) setMade({ for: described, model: undefined }); },
    );
    return () => { live = false; };
  }, [described]);
  // Names in the panel's language where the common hosting nouns have one (Mailboxes → Postfächer).
  const language = useShownLanguage();
  const model = useMemo(() => (made?.model && language === 'de' ? germanModel(made.model) : made?.model), [made, language]);
  const maps = useMemo(() => (model ? resourceMaps(model) : undefined), [model]);
  if (query.isError || (query.data && !query.data.ok)) return { state: 'failed' };
  if (!described || made?.for !== described) return { state: 'loading' };
  if (!model || !maps) return { state: 'failed' };
  return { state: 'ready', described, model, maps };
}
