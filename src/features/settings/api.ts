import { API_BASE_PATH } from '../../lib/api-client.ts';
import { noRuntimeInfo, readRuntimeInfo, RUNTIME_INFO_PATH, type RuntimeInfo } from '../../lib/runtime-info.ts';

/**
 * How the panel runs (its servers, simulator or not, demo keys). Anything unexpected means "one
 * server, `default`, no simulator".
 */
export async function fetchRuntimeInfo(signal?: AbortSignal): Promise<RuntimeInfo> {
  try {
    const response = await fetch(RUNTIME_INFO_PATH, { credentials: 'omit', cache: 'no-store', ...(signal ? { signal } : {}) });
    if (!response.ok) return noRuntimeInfo(API_BASE_PATH);
    return readRuntimeInfo(await response.json(), API_BASE_PATH);
  } catch {
    return noRuntimeInfo(API_BASE_PATH);
  }
}
