import { loadRuntimeInfo } from '../../lib/session/runtime-load.ts';
import type { RuntimeInfo } from '../../shared/runtime-info.ts';

/**
 * How the panel runs (its servers, simulator or not, demo keys): the answer the page asked for
 * at start-up. Anything unexpected means "one server, `default`, no simulator".
 */
export function fetchRuntimeInfo(): Promise<RuntimeInfo> {
  return loadRuntimeInfo();
}
