import { sessionStorageOrNothing } from '../../../lib/session/session-storage.ts';
import { createExternalStore, useExternalStore } from '../../../lib/util/external-store.ts';

/**
 * The customer the Domains screen shows, per hosting server, for the tab (a reload keeps it):
 * chosen on the screen itself, so an admin moves between customers without Settings. A server
 * without a choice shows the customer of its settings.
 */
export const LIST_CUSTOMER_STORAGE_KEY = 'hosting-panel.domains-customer';

type Choices = Readonly<Record<string, string>>;

function readChoices(storage: Pick<Storage, 'getItem'> | undefined): Choices {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LIST_CUSTOMER_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    // Own string entries only: whatever else an edited storage holds is left out.
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export function createListCustomerStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const store = createExternalStore<Choices>(readChoices(storage));
  return {
    get: store.get,
    subscribe: store.subscribe,
    /** The customer chosen on the screen for `server`, if any. */
    chosen: (choices: Choices, server: string): string | undefined => (Object.hasOwn(choices, server) ? choices[server] : undefined),
    choose: (server: string, customer: string) => {
      const next = { ...store.get(), [server]: customer };
      store.set(next);
      try {
        storage?.setItem(LIST_CUSTOMER_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choice holds for this page's lifetime.
      }
    },
  };
}

export const listCustomer = createListCustomerStore(sessionStorageOrNothing());

/** The customer to show for `server`: the one chosen on the screen, else `fallback` (Settings'). */
export function useListCustomer(server: string, fallback: string): string {
  const choices = useExternalStore(listCustomer);
  return listCustomer.chosen(choices, server) ?? fallback;
}
