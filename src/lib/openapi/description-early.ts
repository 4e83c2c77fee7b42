// Part of the page's first script (src/main.tsx): kept small, nothing but the panel file's fetch
// and the start of the reader's load.
import { openApiFileUrl } from '../../shared/runtime-info.ts';
import { serverStore } from '../session/server-store.ts';
import { sessionStorageOrNothing } from '../session/session-storage.ts';

/** Where the description a user chose for `server` is kept (description-store.ts). */
export const chosenStorageKey = (server: string) => `hosting-panel.api-description.${server}`;

const early = new Map<string, Promise<Response>>();

/**
 * The panel's file of `server`'s description (HOSTING_OPENAPI_FILE): the fetch started at
 * start-up if there is one (taken once), else a new one.
 */
export function fetchDescriptionFile(server: string, signal?: AbortSignal): Promise<Response> {
  const started = early.get(server);
  early.delete(server);
  return started ?? fetch(openApiFileUrl(server), { credentials: 'omit', cache: 'no-store', signal });
}

/**
 * A page opened on the API screen asks for the panel's description file as soon as runtime.json
 * has said there is one, beside the screen's own code instead of after it: on a cold start the
 * two came one after the other. Not when the user chose a file of their own for the server.
 */
export function fetchFirstDescriptionEarly(): void {
  if (typeof location === 'undefined' || !/^#\/api(?:\/|$)/.test(location.hash)) return;
  // The code that reads a short description on the page, beside the screen's own.
  import('./described/describe-here.ts').catch(() => undefined);
  const server = serverStore.get().current;
  if (server.openapi?.source !== 'file' || early.has(server.name)) return;
  try {
    if (sessionStorageOrNothing()?.getItem(chosenStorageKey(server.name))) return;
  } catch {
    // Unreadable storage: no choice of the user's can be in it.
  }
  const pending = fetch(openApiFileUrl(server.name), { credentials: 'omit', cache: 'no-store' });
  // A failure is the screen's to report, when its query takes this fetch.
  pending.catch(() => undefined);
  early.set(server.name, pending);
}
