import { exhibitionDates } from './exhibitionFormat';

/** 'Nov 13 – Jan 2, 2027', each date a <time>. */
export function ExhibitionDates({ startDate, endDate, className }: { startDate: string; endDate: string; className?: string }) {
  const { start, end } = exhibitionDates(startDate, endDate);
  return (
    <p className={className ?? 'exhibition-dates'}>
      <time dateTime={startDate}>{start}</time> – <time dateTime={endDate}>{end}</time>
    </p>
  );
}
