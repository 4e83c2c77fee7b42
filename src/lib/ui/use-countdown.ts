import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `until` (epoch ms), updated each second; 0 once it has passed.
 * `from` is when the wait began, so the first render already shows the right number.
 */
export function useCountdown(until: number | undefined, from: number): number {
  const [clock, setClock] = useState({ until, now: from });
  if (clock.until !== until) setClock({ until, now: from });

  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock({ until, now });
      if (now >= until) clearInterval(timer);
    }, 1000);
    return () => { clearInterval(timer); };
  }, [until]);

  return until === undefined ? 0 : Math.max(0, Math.ceil((until - clock.now) / 1000));
}
