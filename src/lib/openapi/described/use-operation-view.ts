import { useEffect, useState } from 'react';
import type { DescribedOk, OperationView } from './described.ts';

export type ViewState = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; view: OperationView };

/**
 * The view of operation `key` in `described` (asked of its worker the first time, at hand after
 * that): loading until it comes, missing for a key the description does not have.
 */
export function useOperationView(described: DescribedOk, key: string): ViewState {
  const [brought, setBrought] = useState<{ described: DescribedOk; key: string; view: OperationView | undefined }>();
  const atHand = described.viewNow(key);
  useEffect(() => {
    if (atHand) return;
    let current = true;
    described.view(key).then((view) => { if (current) setBrought({ described, key, view }); }, () => {
      if (current) setBrought({ described, key, view: undefined });
    });
    return () => { current = false; };
  }, [described, key, atHand]);
  if (atHand) return { state: 'ready', view: atHand };
  if (brought?.described !== described || brought.key !== key) return { state: 'loading' };
  return brought.view ? { state: 'ready', view: brought.view } : { state: 'missing' };
}
