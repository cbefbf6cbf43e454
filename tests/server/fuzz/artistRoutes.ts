// Fuzz entries of the artist routes (the artists' pages): the artist profile's POST and PUT (multipart, every text field and
// both image fields) and the article read. Alice is a creator with a profile, Bob a creator without one, so
// generated requests reach the ownership, rule and image checks.
import fc from 'fast-check';
import type { FuzzContext } from './context.js';
import type { FuzzRoute } from './routes.js';

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const XSS = '<img src=x onerror=alert(1)><script>alert(1)</script>';

const profileBody = (ctx: FuzzContext) => ({
  fields: ['firstName', 'lastName', 'description', 'web', 'twitter', 'instagram', 'highlights', 'portfolio', 'featuredArtwork', 'about', 'featuredArtworkDescription'],
  files: ['cover', 'portfolioImages'],
  form: true,
  json: false,
  valid: {
    firstName: pick(['Alice', ' Alice ', 'Sørensen', 'a'.repeat(30)]),
    lastName: pick(['', 'Liddell', 'Ōtomo']),
    description: pick(['', 'Draws harbours.', XSS, 'x'.repeat(2000)]),
    web: pick(['', 'https://alice.art', 'https://alice.art/?q=<script>']),
    twitter: pick(['', 'alice', '<script>alert(1)</script>']),
    instagram: pick(['', 'alice.studio']),
    highlights: pick(['[]', JSON.stringify([{ date: '2024-05-12', achievement: XSS }]), JSON.stringify(Array(7).fill({ date: '2025-01-01', achievement: 'Show' }))]),
    portfolio: pick([
      JSON.stringify({ context: '', items: [] }),
      JSON.stringify({ context: XSS, items: [{ description: 'One', file: 0 }] }),
      // Markup in a caption (the portfolio's other stored text).
      JSON.stringify({ context: '', items: [{ description: '<img src=x onerror=alert(1)>', file: 0 }] }),
      JSON.stringify({ context: 'Kept', items: [{ description: 'Kept', mediaUrl: `/ipfs/${ctx.ids.media.image}` }] }),
    ]),
    featuredArtwork: pick(['', ...ctx.ids.tokens.slice(0, 3)]),
    about: pick(['', XSS]),
    featuredArtworkDescription: pick(['', XSS]),
  },
  edge: {
    firstName: pick(['', '  ', 'a'.repeat(31), 'Alice1', 'a\u0000b', '\uD800', '<script>alert(1)</script>']),
    lastName: pick(['b'.repeat(31), '<b>', 'Jean-Luc']),
    description: pick(['x'.repeat(2001), 'a\u0000b']),
    web: pick(['alice.art', 'javascript:alert(1)', 'https://localhost', `https://a.art/${'x'.repeat(200)}`]),
    twitter: pick(['a#b', 'a&b', 'x'.repeat(31)]),
    instagram: pick(['#', '&amp;']),
    highlights: pick(['[{', '{}', 'null', JSON.stringify(Array(8).fill({ date: '2025-01-01', achievement: 'x' })), JSON.stringify([{ date: '2024-02-30', achievement: 'x' }]), JSON.stringify([{ date: '', achievement: '' }]), JSON.stringify([{ __proto__: { polluted: 1 } }])]),
    portfolio: pick([
      '{',
      '[]',
      JSON.stringify({ context: 'x'.repeat(501), items: [] }),
      JSON.stringify({ context: '', items: Array.from({ length: 10 }, () => ({ description: '', file: 0 })) }),
      JSON.stringify({ context: '', items: [{ description: 'd'.repeat(101), file: 0 }] }),
      JSON.stringify({ context: '', items: [{ description: '', file: 9 }] }),
      JSON.stringify({ context: '', items: [{ description: '', mediaUrl: '/ipfs/bafkreinotmine' }] }),
      JSON.stringify({ context: '', items: [{ description: '', file: 0, mediaUrl: 'x' }] }),
    ]),
    featuredArtwork: pick(['0', 'abc', '9'.repeat(17), ctx.ids.tokens.at(-1)!]),
  },
});

export function artistRoutes(): FuzzRoute[] {
  return [
    { route: 'POST /api/v1/artist', auth: 'signed', weight: 3, body: profileBody },
    {
      route: 'PUT /api/v1/artist/:address',
      auth: 'signed',
      weight: 4,
      params: (ctx) => ({ address: [ctx.ids.aliceAddress, ctx.ids.aliceAddress, ctx.ids.aliceAddress.toUpperCase().replace('0X', '0x'), ctx.keys.bob.address, 'alice', `0x${'0'.repeat(40)}`] }),
      body: profileBody,
    },
    { route: 'GET /api/v1/article/:id', auth: 'none', params: (ctx) => ({ id: [...ctx.ids.articles, '0', '9'.repeat(17)] }) },
    // The editorial pages: the media articles list (page, perPage in the query) and the featured article.
    { route: 'GET /api/v1/article', auth: 'none', weight: 0.5 },
    { route: 'GET /api/v1/article/featured', auth: 'none', weight: 0.3 },
    // The editorial pages: the exhibition running now, for the home's card (no input; a query string is ignored).
    { route: 'GET /api/v1/exhibition/featured', auth: 'none', weight: 0.3 },
  ];
}
