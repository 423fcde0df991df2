import { useEffect, useState } from 'react';
import { formatExactTime, formatRelativeTime } from '../forms/relative-time';

/** Relative times ("5 minutes ago") are refreshed this often while a screen is open. */
const CLOCK_TICK_MS = 60_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "3 days ago" with the exact date and time beside it (both visible: staff compare exact times). */
export function ResponseTime({ iso, now, inline = false }: { iso: string; now: number; inline?: boolean }) {
  const exact = formatExactTime(iso);
  return (
    <time dateTime={iso} className={inline ? undefined : 'd-block'}>
      <span className="response-time-relative">{formatRelativeTime(iso, now)}</span>
      {exact && (
        <span className={inline ? 'text-body-secondary' : 'd-block small text-body-secondary'}>
          {inline ? ` (${exact})` : exact}
        </span>
      )}
    </time>
  );
}
