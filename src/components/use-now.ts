import { useEffect, useState } from 'react';

/** Relative times ("5 minutes ago") are refreshed this often while a screen is open. */
const CLOCK_TICK_MS = 60_000;

/** The current time, refreshed every minute so relative times on screen stay true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
