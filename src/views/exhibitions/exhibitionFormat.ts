// Texts the exhibition views derive from an exhibition (seed 001 §3, §9).
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const WITH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Short month and day for the start, with the year for the end: 'Nov 13 – Jan 2, 2027'. */
export function exhibitionDates(startDate: string, endDate: string): { start: string; end: string } {
  return { start: SHORT.format(new Date(startDate)), end: WITH_YEAR.format(new Date(endDate)) };
}

/** The intro text: exhibitionIntro, or the curatorial statement when the intro is absent or the literal 'undefined'. */
export function introText(exhibition: { exhibitionIntro?: string | null; curatorialStatement?: string | null }): string {
  const intro = exhibition.exhibitionIntro?.trim();
  return intro && intro !== 'undefined' ? intro : (exhibition.curatorialStatement ?? '');
}

/** More than 5 artists are listed in two columns. */
export const TWO_COLUMN_ARTISTS = 5;
