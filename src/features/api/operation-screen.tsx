import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { loadOnce } from '../../lib/util/load-once.ts';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { useOperationView } from '../../lib/openapi/described/use-operation-view.ts';
import { OperationList } from './operation-list.tsx';
import { resourceMaps } from '../../lib/openapi/resources/resource-model.ts';
import { resourceAddressOf } from '../../lib/openapi/resources/resource-route.ts';
import { isCustomerName } from '../../lib/openapi/parameters/parameter-context.ts';
import { useTabCustomer } from '../../lib/session/tab-customer.ts';

// An operation's page (its forms, the write guard, the answer's views) is a chunk of its own: the
// list does not wait for it on a cold start. It is fetched once the list is shown and the page is
// idle, and waited for without Suspense (which holds a fallback it has shown for 300 ms).
const operationPage = loadOnce(async () => (await import('./operation-page.tsx')).OperationPage);

function useOperationPageSoon(): void {
  useEffect(() => {
    const load = () => { operationPage.load().catch(() => undefined); };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 200);
      return () => { clearTimeout(timer); };
    }
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => { cancelIdleCallback(idle); };
  }, []);
}

/** The operation page's component once its chunk is here; a failed load reaches the screen's error boundary. */
function useOperationPage(): { Page?: ReturnType<typeof operationPage.loaded> } {
  const [state, setState] = useState<{ Page?: ReturnType<typeof operationPage.loaded>; error?: Error }>(() => ({ Page: operationPage.loaded() }));
  const waiting = state.Page === undefined && state.error === undefined;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    operationPage.load().then(
      (Page) => { if (current) setState({ Page }); },
      (error: unknown) => { if (current) setState({ error: error instanceof Error ? error : new Error(String(error)) }); },
    );
    return () => { current = false; };
  }, [waiting]);
  if (state.error) throw state.error;
  return state;
}

/** The list of operations; the operation page's chunk is fetched once it is shown and the page is idle. */
export function ListScreen({ index }: { index: DescribedOk['index'] }) {
  useOperationPageSoon();
  return <OperationList index={index} />;
}

/** The resource screen an operation belongs to, its path's customer filled from the tab; from the model made in the description's worker. */
function useResourceAddress(described: DescribedOk, operationKey: string) {
  const customer = useTabCustomer();
  const [made, setMade] = useState<{ for: DescribedOk; maps: ReturnType<typeof resourceMaps> }>();
  useEffect(() => {
    let live = true;
    described.resources().then((model) => { if (live && model) setMade({ for: described, maps: resourceMaps(model) }); }, () => undefined);
    return () => { live = false; };
  }, [described]);
  return useMemo(() => {
    const apiPath = described.index.operations.find((row) => row.key === operationKey)?.apiPath;
    if (made?.for !== described || apiPath === undefined) return undefined;
    const values: Record<string, string> = {};
    for (const [, name = ''] of apiPath.matchAll(/\{([^}]*)\}/g)) if (customer !== undefined && isCustomerName(name)) values[name] = customer;
    return resourceAddressOf(made.maps, apiPath, values);
  }, [made, described, operationKey, customer]);
}

/** An operation's page, once its view has come from the description's worker (at once after the first time). */
export function OperationScreen({ described, operationKey, server, hasKey }: { described: DescribedOk; operationKey: string; server: string; hasKey: boolean }) {
  const t = useT();
  const listed = useMemo(() => described.index.operations.some((row) => row.key === operationKey), [described, operationKey]);
  const view = useOperationView(described, operationKey);
  const operation = useOperationPage();
  const resource = useResourceAddress(described, operationKey);
  if (!listed || view.state === 'missing') return <p className="notice">{t('api.unknownOperation')} <a href="#/api">{t('api.back')}</a></p>;
  if (view.state === 'loading' || !operation.Page) return <p role="status" className="pending">{t('api.loading')}</p>;
  return <operation.Page {...view.view} server={server} hasKey={hasKey} resource={resource} />;
}
