// Fixtures for the /exhibitions app tests: exhibitions as getCurrentExhibition / getPastExhibitions answer them.
import type { Exhibition } from '../../src/services/exhibitions/exhibitions';
import { makeToken } from './fixtures';

const person = (n: number, alias: string) => ({ id: String(n), address: `0x${String(n).padStart(40, '1')}`, alias, avatar: null, firstName: null, lastName: null });

export const ARTISTS = ['mara', 'oskar', 'ada', 'lumen', 'harbour', 'tessellate', 'nwosu'].map((alias, i) => person(i + 1, alias));

/** Two artworks, given in reverse order (the viewer sorts them by order); the second is listed for sale. */
export const CURRENT: Exhibition = {
  id: 'exh-1',
  title: 'Systems of Light',
  subtitle: 'Generative works that let rules do the drawing',
  cover: '/ipfs/bafycover1',
  coverThumbnail: '/ipfs/thumb/bafycover1',
  startDate: '2026-11-13T00:00:00.000Z',
  endDate: '2027-01-02T00:00:00.000Z',
  exhibitionIntro: 'undefined',
  curatorialStatement: 'Seven artists write the rules and let the machine hold the brush.',
  curator: 'curator-1',
  curatorNameFormatted: 'Imogen Hale',
  artistInfos: ARTISTS,
  artistNamesFormatted: 'mara, oskar, ada, lumen, harbour, tessellate and nwosu',
  artworks: [
    {
      order: 2,
      medium: 'p5.js',
      token: makeToken(12, {
        name: 'Lattice at Dusk',
        creatorInfo: ARTISTS[1]!,
        tokenHolding: { id: 'h12', chainId: 31337, createdAt: '2026-11-01T10:00:00.000Z', salePrice: { amount: '20000000000000000', currency: 'ETH' }, owner: ARTISTS[1]! },
      }),
    },
    { order: 1, medium: null, token: makeToken(11, { name: 'First Light', creatorInfo: ARTISTS[0]! }) },
  ],
};

export const PAST: Exhibition[] = [
  {
    ...CURRENT,
    id: 'exh-2',
    title: 'Quiet Machines',
    subtitle: 'Plotters, looms and patience',
    startDate: '2026-05-02T00:00:00.000Z',
    endDate: '2026-07-20T00:00:00.000Z',
    exhibitionIntro: 'Slow machines drawing slowly.',
    artistInfos: ARTISTS.slice(0, 2),
    artistNamesFormatted: 'mara and oskar',
    artworks: [{ order: 1, medium: null, token: makeToken(21, { name: 'Warp and Weft', creatorInfo: ARTISTS[0]! }) }],
  },
  {
    ...CURRENT,
    id: 'exh-3',
    title: 'Paper Weather',
    subtitle: null,
    startDate: '2026-01-10T00:00:00.000Z',
    endDate: '2026-03-01T00:00:00.000Z',
    exhibitionIntro: 'Forecasts drawn on paper.',
    artistInfos: ARTISTS.slice(2, 3),
    artistNamesFormatted: 'ada',
    artworks: [],
  },
];

export const pastAnswer = (past: Exhibition[]) => ({
  getPastExhibitions: { totalCount: past.length, edges: past.map((node) => ({ cursor: node.id, node })) },
});
