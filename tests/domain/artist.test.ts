import { describe, expect, it } from 'vitest';
import {
  artistDisplayName,
  artistProfileSchema,
  artistSortKey,
  featuredArtworkSchema,
  highlightsSchema,
  isPortfolioImageType,
  portfolioTextSchema,
} from '../../domain/artist';
import { firstIssue } from '../../domain/validate';

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const valid = {
  firstName: 'Mara',
  lastName: 'Vale',
  description: 'Quiet geometric systems.',
  web: 'https://maravale.art',
  twitter: 'maravale',
  instagram: 'mara.vale',
  highlights: [{ date: '2024-05-12', achievement: 'First solo show' }],
  portfolio: { context: 'Selected works', items: [{ description: 'Tile 1' }] },
  featuredArtwork: '12',
};

// See docs/requirements.md#artists: "first name or alias, plus last name if present; otherwise the address or id shortened to
// first 4 and last 4 characters with an ellipsis".
describe('artist display name (requirements: artists)', () => {
  it('first name, plus the last name when present', () => {
    expect(artistDisplayName({ firstName: 'Mara', lastName: 'Vale', alias: 'mara.vale', address: ADDRESS })).toBe('Mara Vale');
    expect(artistDisplayName({ firstName: 'Mara', address: ADDRESS })).toBe('Mara');
    expect(artistDisplayName({ firstName: '  Mara ', lastName: ' ', address: ADDRESS })).toBe('Mara');
  });

  it('the alias when there is no first name, plus the last name when present', () => {
    expect(artistDisplayName({ alias: 'mara.vale', address: ADDRESS })).toBe('mara.vale');
    expect(artistDisplayName({ firstName: '', alias: 'mara.vale', lastName: 'Vale' })).toBe('mara.vale Vale');
    expect(artistDisplayName({ firstName: '   ', alias: 'mv', lastName: null })).toBe('mv');
  });

  it('otherwise the address, or the id, shortened to its first 4 and last 4 characters with an ellipsis', () => {
    expect(artistDisplayName({ address: ADDRESS })).toBe('0x70...79c8');
    expect(artistDisplayName({ alias: ' ', lastName: 'Vale', address: ADDRESS })).toBe('0x70...79c8');
    expect(artistDisplayName({ id: 'artist-123456789' })).toBe('arti...6789');
    expect(artistDisplayName({ address: '', id: '42' })).toBe('42');
    expect(artistDisplayName({})).toBe('');
  });

  it('the sort key is the display name lower-cased', () => {
    expect(artistSortKey({ firstName: 'Mara', lastName: 'Vale' })).toBe('mara vale');
    expect(artistSortKey({ address: '0xAbCd00000000000000000000000000000000EF12' })).toBe('0xab...ef12');
  });
});

describe('artist profile form (requirements: artists, validation)', () => {
  const issue = (patch: Record<string, unknown>) => firstIssue(artistProfileSchema, { ...valid, ...patch });

  it('accepts a complete profile and trims it', () => {
    expect(issue({})).toBeNull();
    expect(artistProfileSchema.parse({ ...valid, firstName: ' Mara ', web: ' https://maravale.art ' })).toMatchObject({ firstName: 'Mara', web: 'https://maravale.art' });
    expect(issue({ lastName: '', description: '', web: '', twitter: '', instagram: '', highlights: [], portfolio: { context: '', items: [] }, featuredArtwork: '' })).toBeNull();
  });

  it("first name: 'Required Field'; first and last names at most 30 letters", () => {
    expect(issue({ firstName: '' })).toBe('Required Field');
    expect(issue({ firstName: '  ' })).toBe('Required Field');
    expect(issue({ firstName: undefined })).toBe('Required Field');
    expect(issue({ firstName: 'a'.repeat(30) })).toBeNull();
    expect(issue({ firstName: 'a'.repeat(31) })).toBe('Maximum 30 characters');
    expect(issue({ lastName: 'b'.repeat(31) })).toBe('Maximum 30 characters');
    expect(issue({ firstName: 'Sørensen', lastName: 'Ōtomo' })).toBeNull();
    for (const bad of ['Mara1', 'Mara Vale', 'Jean-Luc', '<b>', 'O\'Brien']) {
      expect([bad, issue({ firstName: bad })]).toEqual([bad, 'Only letters are allowed']);
      expect([bad, issue({ lastName: bad })]).toEqual([bad, 'Only letters are allowed']);
    }
  });

  it("website: 'Enter a valid URL'; handles: 'Special Character # and & not allowed'", () => {
    for (const bad of ['maravale.art', 'ftp://maravale.art', 'https://localhost', 'javascript:alert(1)', `https://a.art/${'x'.repeat(200)}`]) {
      expect([bad, issue({ web: bad })]).toEqual([bad, 'Enter a valid URL']);
    }
    for (const field of ['twitter', 'instagram']) {
      expect(issue({ [field]: 'mara#vale' })).toBe('Special Character # and & not allowed');
      expect(issue({ [field]: 'mara&vale' })).toBe('Special Character # and & not allowed');
      expect(issue({ [field]: 'x'.repeat(31) })).toBe('Maximum 30 characters');
    }
  });

  it('highlights: up to 7 rows, each with a date and an achievement', () => {
    const row = { date: '2025-10-03', achievement: 'Joined' };
    expect(firstIssue(highlightsSchema, Array(7).fill(row))).toBeNull();
    expect(firstIssue(highlightsSchema, Array(8).fill(row))).toBe('At most 7 highlights');
    expect(firstIssue(highlightsSchema, [{ date: '', achievement: 'Joined' }])).toBe('Required Field');
    expect(firstIssue(highlightsSchema, [{ date: '2025-10-03', achievement: ' ' }])).toBe('Required Field');
    expect(firstIssue(highlightsSchema, [{ date: '2025-02-30', achievement: 'Joined' }])).toBe('Enter a valid date');
    expect(firstIssue(highlightsSchema, [{ date: '03/10/2025', achievement: 'Joined' }])).toBe('Enter a valid date');
    expect(firstIssue(highlightsSchema, [{ date: '2025-10-03', achievement: 'a'.repeat(201) }])).toBe('Maximum 200 characters');
  });

  it('portfolio: up to 9 items, captions at most 100 characters, context at most 500; png, jpeg and webp', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `Work ${i}` }));
    expect(firstIssue(portfolioTextSchema, { context: 'c'.repeat(500), items: items(9) })).toBeNull();
    expect(firstIssue(portfolioTextSchema, { context: '', items: items(10) })).toBe('At most 9 portfolio images');
    expect(firstIssue(portfolioTextSchema, { context: 'c'.repeat(501), items: [] })).toBe('Maximum 500 characters');
    expect(firstIssue(portfolioTextSchema, { context: '', items: [{ description: 'd'.repeat(101) }] })).toBe('Maximum 100 characters');
    expect(['image/png', 'image/jpeg', 'image/webp'].every(isPortfolioImageType)).toBe(true);
    expect(['image/gif', 'image/svg+xml', 'text/html'].some(isPortfolioImageType)).toBe(false);
  });

  it('free texts keep HTML as text; the featured artwork is a token id or empty', () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    expect(artistProfileSchema.parse({ ...valid, description: payload }).description).toBe(payload);
    expect(firstIssue(featuredArtworkSchema, '0')).toBe('Choose one of the artworks you created');
    expect(firstIssue(featuredArtworkSchema, 'abc')).toBe('Choose one of the artworks you created');
    expect(firstIssue(featuredArtworkSchema, '')).toBeNull();
  });
});
