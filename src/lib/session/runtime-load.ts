import { loadOnce } from '../util/load-once.ts';
import { noRuntimeInfo, readRuntimeInfo, RUNTIME_INFO_PATH, type RuntimeInfo } from '../../shared/runtime-info.ts';
import { DEFAULT_API_BASE, serverStore } from './server-store.ts';

async function fetchRuntimeInfo(): Promise<RuntimeInfo> {
  try {
    const response = await fetch(RUNTIME_INFO_PATH, { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return noRuntimeInfo(DEFAULT_API_BASE);
    return readRuntimeInfo(await response.json(), DEFAULT_API_BASE);
  } catch {
    return noRuntimeInfo(DEFAULT_API_BASE);
  }
}

const runtime = loadOnce(fetchRuntimeInfo);

/**
 * How the panel runs (its servers, simulator or not, demo keys), asked once per page: at start-up
 * beside the first paint, never before it. Anything unexpected means "one server, `default`, no
 * simulator". The servers it names go to the server store as they arrive.
 */
export function loadRuntimeInfo(): Promise<RuntimeInfo> {
  return runtime.load().then((info) => {
    serverStore.setServers(info.servers);
    return info;
  });
}
