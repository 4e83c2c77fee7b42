// Validation of a hosting account's settings change (PATCH): any of the three settings, each
// within its limits; what is left out keeps its value.
import { optionalBoolean, pointerTo } from './field-rules.ts';
import type { FieldError } from './problem.ts';
import type { AccountSettings, PhpVersion } from './state.ts';

export const PHP_VERSIONS: readonly PhpVersion[] = ['8.1', '8.2', '8.3', '8.4'];

export const ACCOUNT_SETTINGS_RULES = {
  phpMemoryMinMiB: 64,
  phpMemoryMaxMiB: 2048,
} as const;

/** What an account has until someone changes it. */
export const DEFAULT_ACCOUNT_SETTINGS: Readonly<AccountSettings> = { phpVersion: '8.3', phpMemoryLimitMiB: 256, sshAccess: false };

export type AccountSettingsChange = { ok: true; value: Partial<AccountSettings> } | { ok: false; errors: FieldError[] };

const FIELDS: ReadonlySet<string> = new Set(['phpVersion', 'phpMemoryLimitMiB', 'sshAccess']);

function isPhpVersion(value: unknown): value is PhpVersion {
  return PHP_VERSIONS.some((version) => version === value);
}

/** Every error at once; the value holds only the settings given. */
export function validateAccountSettingsChange(body: Record<string, unknown>): AccountSettingsChange {
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => !FIELDS.has(key))
    .map((key) => ({ pointer: pointerTo(key), detail: `Unknown field "${key}".` }));
  const { phpVersion, phpMemoryLimitMiB } = body;
  if (phpVersion !== undefined && !isPhpVersion(phpVersion)) {
    errors.push({ pointer: pointerTo('phpVersion'), detail: `PHP version must be one of ${PHP_VERSIONS.join(', ')}.` });
  }
  const { phpMemoryMinMiB: min, phpMemoryMaxMiB: max } = ACCOUNT_SETTINGS_RULES;
  const memoryOk = typeof phpMemoryLimitMiB === 'number' && Number.isInteger(phpMemoryLimitMiB) && phpMemoryLimitMiB >= min && phpMemoryLimitMiB <= max;
  if (phpMemoryLimitMiB !== undefined && !memoryOk) {
    errors.push({ pointer: pointerTo('phpMemoryLimitMiB'), detail: `The PHP memory limit must be a whole number of MiB from ${min} to ${max}.` });
  }
  const sshAccess = optionalBoolean(body, 'sshAccess', [], errors);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...(isPhpVersion(phpVersion) ? { phpVersion } : {}),
      ...(typeof phpMemoryLimitMiB === 'number' ? { phpMemoryLimitMiB } : {}),
      ...(sshAccess === undefined ? {} : { sshAccess }),
    },
  };
}
