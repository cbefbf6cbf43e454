import { vi } from 'vitest';
import type { ArtistInfo } from '../../src/services/artists/artist';
import { makeCollection } from './exploreFixtures';
import { makeToken } from './fixtures';

// The artist page's fixtures (artistPage.test.tsx): an artist record as getArtistInfo answers it, and a network
// stub for GraphQL (getArtistInfo, and getArticle for article 4) and the media store (the article's HTML).

export const ARTIST_ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export const ARTICLE_HTML =
  '<!doctype html><html><head><title>A conversation with Mara Vale</title></head><body><h1>A conversation with Mara Vale</h1><p>The work <strong>starts</strong> with a rule.</p><script>window.__ranScript = true</script><img src="/ipfs/x.png" onerror="window.__ranHandler = true" alt="Studio"><a href="javascript:window.__ranLink = true">link</a><iframe src="/ipfs/frame"></iframe></body></html>';

export function makeArtist(overrides: Partial<ArtistInfo> = {}): ArtistInfo {
  return {
    id: ARTIST_ADDRESS,
    _id: '1',
    displayName: 'Mara Vale',
    cover: '/ipfs/bafycover',
    coverThumbnail: '/ipfs/thumbnail/bafycover',
    description: 'Mara Vale builds quiet geometric systems.',
    comments: 'Mara lives and works between the studio and the screen.',
    featuredArtworkDescription: 'A key work, chosen by the curators.',
    account: { id: '2', address: ARTIST_ADDRESS, alias: 'mara.vale', firstName: 'Mara', lastName: 'Vale', avatar: null, web: 'https://maravale.art', twitter: 'maravale', instagram: 'maravale.studio', isCreator: true },
    featuredArtwork: makeToken(7, { name: 'Arc Study', mediaType: 'image', tokenHolding: { id: '31337-h7', chainId: 31337, createdAt: '2026-11-01T10:00:00.000Z', salePrice: null, owner: makeToken(7).creatorInfo } }),
    collections: [makeCollection(1, { name: 'Tiles' }), makeCollection(2, { name: 'Arcs' }), makeCollection(3, { name: 'Grids' })],
    highlights: [
      { date: '2023-03-18', achievement: 'Group show "New Systems", online' },
      { date: '2024-05-12', achievement: 'First solo show online' },
    ],
    articles: [{ id: '4', title: 'A conversation with Mara Vale', type: 'interview', mediaUrl: '/ipfs/bafyarticle' }],
    portfolio: {
      context: 'Selected works by Mara.',
      items: [
        { mediaUrl: '/ipfs/bafyp1', thumbnailUrl: '/ipfs/thumbnail/bafyp1', description: 'Mara, study 1 (2023)' },
        { mediaUrl: '/ipfs/bafyp2', thumbnailUrl: '/ipfs/thumbnail/bafyp2', description: 'Mara, study 2 (2024)' },
      ],
    },
    ...overrides,
  };
}

export interface NetworkAnswers {
  /** getArtistInfo's data, or an Error for a GraphQL error. */
  artist: () => ArtistInfo | null | Error;
  /** The media store's answer for the article body. */
  articleBody?: () => Response;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch: GraphQL getArtistInfo and getArticle (id 4; any other id: none), the article body at its mediaUrl; records the calls. */
export function stubArtistNetwork(answers: NetworkAnswers) {
  const calls: Array<{ url: string; body?: { operationName: string; variables: Record<string, unknown> } }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/graphql')) {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ url, body });
      if (body.operationName === 'getArticle') {
        if (body.variables.id !== '4') return json({ data: { getArticle: null } });
        const article = { id: '4', type: 'interview', title: 'A conversation with Mara Vale', cover: null, artist: ARTIST_ADDRESS, createdAt: '2026-11-01T10:00:00.000Z' };
        return json({ data: { getArticle: { article, body: ARTICLE_HTML } } });
      }
      if (body.operationName !== 'getArtistInfo') return json({ data: null, errors: [{ message: `unexpected ${body.operationName}` }] });
      const answer = answers.artist();
      if (answer instanceof Error) return json({ data: null, errors: [{ message: answer.message }] });
      return json({ data: { getArtistInfo: answer } });
    }
    calls.push({ url });
    if (url === '/ipfs/bafyarticle') return answers.articleBody?.() ?? new Response(ARTICLE_HTML, { status: 200, headers: { 'Content-Type': 'text/html' } });
    if (url === '/api/v1/likes/account') return json({ likes: [] });
    return json({ error: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}
