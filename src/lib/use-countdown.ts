import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), updated each second; 0 once it has passed. */
export function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      return current;
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => { if (tick() >= until) clearInterval(timer); }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
