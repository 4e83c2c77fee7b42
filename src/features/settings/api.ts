import * as z from 'zod/mini';

/** Served by the panel's dev/preview server (src/server); a production host has no such file. */
const RUNTIME_INFO_PATH = '/__panel/runtime.json';

const runtimeInfoSchema = z.object({ simulator: z.catch(z.boolean(), false) });
export type RuntimeInfo = z.infer<typeof runtimeInfoSchema>;

/** Whether the panel runs on the built-in simulator. Anything unexpected means "no". */
export async function fetchRuntimeInfo(signal?: AbortSignal): Promise<RuntimeInfo> {
  try {
    const response = await fetch(RUNTIME_INFO_PATH, { credentials: 'omit', cache: 'no-store', ...(signal ? { signal } : {}) });
    if (!response.ok) return { simulator: false };
    const parsed = runtimeInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : { simulator: false };
  } catch {
    return { simulator: false };
  }
}
