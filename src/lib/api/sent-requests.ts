import { createExternalStore } from '../util/external-store.ts';
import type { ShownRequest } from './request-types.ts';

/**
 * The latest request each writing screen sent, as sent (the key a placeholder), for its "Show
 * request": what the server received, not what the form holds now. Kept for the page's life.
 */
export const sentRequests = createExternalStore<Readonly<Record<string, ShownRequest>>>({});

export function recordSent(slot: string, sent: ShownRequest): void {
  sentRequests.set((current) => ({ ...current, [slot]: sent }));
}
