import * as z from 'zod/mini';

/**
 * Where the page asks its own server how it runs. Served by every server of the panel (dev,
 * preview); a host without it means "a real hosting server, no simulator".
 */
export const RUNTIME_INFO_PATH = '/__panel/runtime.json';

export const DEMO_KEY_ROLES = ['admin', 'customer', 'no-permission'] as const;

const demoKey = z.object({
  key: z.string(),
  role: z.enum(DEMO_KEY_ROLES),
  customerId: z.optional(z.string()),
});
export type DemoKey = z.infer<typeof demoKey>;

/** Lenient: an odd answer means "no simulator, no demo keys", never a crash. */
export const runtimeInfoSchema = z.object({
  simulator: z.catch(z.boolean(), false),
  // The simulator's keys are public; they come from the server at run time, so no build of the
  // page carries one.
  demoKeys: z.catch(z.array(demoKey), []),
});
export type RuntimeInfo = z.infer<typeof runtimeInfoSchema>;

export const NO_RUNTIME_INFO: RuntimeInfo = { simulator: false, demoKeys: [] };
