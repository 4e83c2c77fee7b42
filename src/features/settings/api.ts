import { NO_RUNTIME_INFO, RUNTIME_INFO_PATH, type RuntimeInfo, runtimeInfoSchema } from '../../lib/runtime-info.ts';

/** How the panel runs (simulator or not, its demo keys). Anything unexpected means "no simulator". */
export async function fetchRuntimeInfo(signal?: AbortSignal): Promise<RuntimeInfo> {
  try {
    const response = await fetch(RUNTIME_INFO_PATH, { credentials: 'omit', cache: 'no-store', ...(signal ? { signal } : {}) });
    if (!response.ok) return NO_RUNTIME_INFO;
    const parsed = runtimeInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : NO_RUNTIME_INFO;
  } catch {
    return NO_RUNTIME_INFO;
  }
}
