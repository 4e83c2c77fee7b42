import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client.ts';
import { readCappedText } from '../api/read-capped-text.ts';
import { DEFAULT_API_BASE, type PanelServer, serverStore } from '../session/server-store.ts';
import { settingsStore } from '../session/settings-store.ts';
import { describe, type Described, prepareDescribing } from './describe.ts';
import { fetchDescriptionFile } from './description-early.ts';
import { MAX_DESCRIPTION_CHARS } from './limits.ts';
import { type ChosenDescription, chosenDescriptions, useChosenDescription } from './description-store.ts';

export type { Described } from './describe.ts';
export type DescriptionSource = 'user' | 'file' | 'server' | 'none';

/** What a text cut at a cap reads as: too large, never a description read in part. */
const TOO_LARGE: Described = { ok: false, problem: { key: 'api.read.too-large', params: { mib: MAX_DESCRIPTION_CHARS / 1024 / 1024 } } };

/** FNV-1a, 32 bits: tells keys apart in a cache key, and says nothing about the key. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

async function panelFile(server: string, signal: AbortSignal): Promise<string | undefined> {
  const response = await fetchDescriptionFile(server, signal);
  if (!response.ok) throw new Error(`status ${String(response.status)}`);
  // One byte past the cap, so a file over it is refused as too large rather than read cut.
  const { text, truncated } = await readCappedText(response, MAX_DESCRIPTION_CHARS + 1);
  return truncated ? undefined : text;
}

/**
 * How the page reads the description of `server`: the file the user chose for it, else what the
 * panel's servers say it has (a file on the panel's machine, or the hosting server's own, fetched
 * with the key through the proxy, so the server's own filter applies). One query for the API
 * screen, the Domains screen and the checks of an unknown add, so each reads it once.
 */
export function descriptionQuery(server: PanelServer, apiKey: string, chosen: ChosenDescription | undefined) {
  const source: DescriptionSource = chosen ? 'user' : server.openapi?.source ?? 'none';
  const serverPath = server.openapi?.source === 'server' ? server.openapi.path : undefined;
  const enabled = source === 'user' || source === 'file' || (source === 'server' && apiKey !== '');
  // The chosen file is in the key by its identity (each choice has its own id), not its text.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const options = queryOptions({
    // The server filters its description by the key: another key, another description. The
    // key itself is never part of a query key, only a short fingerprint of it.
    queryKey: ['api-description', server.name, source, serverPath, chosen?.id, chosen?.name, source === 'server' ? fingerprint(apiKey) : ''] as const,
    queryFn: async ({ signal }): Promise<Described> => {
      // The reader's code comes while the text does, not after it.
      prepareDescribing();
      if (chosen) return describe(chosen.text, DEFAULT_API_BASE, signal);
      if (source === 'file') {
        const text = await panelFile(server.name, signal);
        return text === undefined ? TOO_LARGE : describe(text, DEFAULT_API_BASE, signal);
      }
      const path = (serverPath ?? '').split('/').filter((segment) => segment !== '');
      const answer = await apiRequest.exchange({ method: 'GET', server: server.name, path, signal });
      // Cut at the transport's cap: a description read in part would miss operations silently.
      return answer.truncated ? TOO_LARGE : describe(answer.text, DEFAULT_API_BASE, signal);
    },
    enabled,
    staleTime: Infinity,
    retry: false,
    // Its index is new with each read; comparing 120,000 rows with the last read's is work for nothing.
    structuralSharing: false,
  });
  return { source, enabled, options };
}

export function useDescription(server: PanelServer, apiKey: string) {
  const chosen = useChosenDescription(server.name);
  const { source, options } = descriptionQuery(server, apiKey, chosen);
  const query = useQuery(options);
  return { source, chosen, query };
}

/**
 * The description of server `name` as its screens read it, outside React: the user's file or the
 * panel's (read now if no screen has), the hosting server's own only as a screen read it (a
 * check never adds a request to the hosting server that the user did not see coming).
 * Undefined when there is none, or it could not be read.
 */
export async function readDescriptionOf(queryClient: QueryClient, name: string): Promise<Described | undefined> {
  const server = serverStore.find(name);
  if (!server) return undefined;
  const chosen = chosenDescriptions.chosenFor(chosenDescriptions.get(), name);
  const { source, enabled, options } = descriptionQuery(server, settingsStore.getFor(name).apiKey, chosen);
  if (!enabled) return undefined;
  if (source === 'server') return queryClient.getQueryData(options.queryKey);
  try {
    // Never paused by a browser that thinks it is offline: a check waiting on it would wait forever.
    return await queryClient.query({ ...options, networkMode: 'always' });
  } catch {
    return undefined;
  }
}
