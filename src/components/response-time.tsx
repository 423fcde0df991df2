import { formatExactTime, formatRelativeTime } from '../domain/intl-format';

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
