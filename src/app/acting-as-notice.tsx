import { useT } from '../lib/i18n/i18n.ts';
import { actingAs, useSettings } from '../lib/session/settings-store.ts';

/**
 * Whom the current server's requests act for, in the header while "Act as customer" or "Act as
 * user" is set: an admin must never forget that every request goes out in someone else's name.
 */
export function ActingAsNotice() {
  const t = useT();
  const acting = actingAs(useSettings());
  if (!acting) return null;
  return (
    <p className="acting-as">
      {t(acting.kind === 'customer' ? 'acting.customer' : 'acting.user', { value: acting.value })}
    </p>
  );
}
