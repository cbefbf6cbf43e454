// Texts the exhibition views derive from an exhibition (docs/requirements.md#exhibitions).
import { utcMonthDay, utcMonthDayYear } from '../../../domain/utcDates';

/** Short month and day for the start, with the year for the end: 'Nov 13 – Jan 2, 2027' (UTC, without Intl). */
export function exhibitionDates(startDate: string, endDate: string): { start: string; end: string } {
  return { start: utcMonthDay(startDate), end: utcMonthDayYear(endDate) };
}

/** The intro text: exhibitionIntro, or the curatorial statement when the intro is absent or the literal 'undefined'. */
export function introText(exhibition: { exhibitionIntro?: string | null; curatorialStatement?: string | null }): string {
  const intro = exhibition.exhibitionIntro?.trim();
  return intro && intro !== 'undefined' ? intro : (exhibition.curatorialStatement ?? '');
}

/** More than 5 artists are listed in two columns. */
export const TWO_COLUMN_ARTISTS = 5;
