import * as z from 'zod/mini';
import { isSendableApiKey } from '../../lib/api/auth.ts';
import { isUserName, LANGUAGES, type Settings } from '../../lib/session/settings-store.ts';
import { isIdentifier } from '../../shared/identifier.ts';

/** What the settings form holds: every field a string, '' where nothing is set. */
export type SettingsFormValues = Required<Settings>;

export function toFormValues(settings: Settings): SettingsFormValues {
  return { ...settings, actAsCustomer: settings.actAsCustomer ?? '', actAsUser: settings.actAsUser ?? '' };
}

const bothMessage = 'field.actAs.both';

export const settingsSchema = z.object({
  apiKey: z.string().check(z.trim(), z.refine(isSendableApiKey, 'field.apiKey.invalid')),
  customerId: z.string().check(z.trim(), z.refine((id) => id === '' || isIdentifier(id), 'field.customerId.invalid')),
  language: z.enum(LANGUAGES),
  // Sent as headers with every request: the rules of the values the API client sends.
  actAsCustomer: z.string().check(z.trim(), z.refine((id) => id === '' || isIdentifier(id), 'field.customerId.invalid')),
  actAsUser: z.string().check(z.trim(), z.refine((name) => name === '' || isUserName(name), 'field.actAsUser.invalid')),
}).check(
  // One request acts for one: both set is refused on both fields, so either can be emptied.
  z.superRefine(({ actAsCustomer, actAsUser }, ctx) => {
    if (actAsCustomer.trim() === '' || actAsUser.trim() === '') return;
    for (const field of ['actAsCustomer', 'actAsUser'] as const) {
      ctx.addIssue({ code: 'custom', path: [field], message: bothMessage, input: { actAsCustomer, actAsUser } });
    }
  }, {
    // Also when another field failed: every mistake is shown at once, not one round at a time.
    when: ({ value }) => {
      const { actAsCustomer, actAsUser } = (value ?? {}) as { actAsCustomer?: unknown; actAsUser?: unknown };
      return typeof actAsCustomer === 'string' && typeof actAsUser === 'string';
    },
  }),
);
