import { formatDateTime, formatDaysAgo } from './dates';

/** When an offer was made: its date and time, then how many days ago ('3 days ago'), as offers are compared by age. */
export function OfferTime({ createdAt, className }: { createdAt: string; className?: string }) {
  const ago = formatDaysAgo(createdAt, new Date());
  return (
    <time className={className} dateTime={createdAt}>
      {formatDateTime(createdAt)}
      {ago && <span className="offer-age"> · {ago}</span>}
    </time>
  );
}
