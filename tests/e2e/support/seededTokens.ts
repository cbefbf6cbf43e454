import { expect, type APIRequestContext } from '@playwright/test';
import { graphql, holdingsOf } from './trading';

// The demo seed's collections of each media type, named as scripts/seed/content.ts names them. The studio cannot
// build a sound collection and the trading support mints image collections without media, so read-only checks of a
// media type's token page open the seed's collection of that name (its first token), never "the newest" of a type.

export const SEEDED_COLLECTIONS = {
  gif: 'Tidal Loops',
  'multipart/image': 'Two Faces',
  'multipart/mixed': 'Constellations',
  video: 'Slow Signals',
  sound: 'Tone Poems',
} as const;

export type SeededMediaType = keyof typeof SEEDED_COLLECTIONS;

export interface SeededToken {
  mediaType: SeededMediaType;
  name: string;
  /** The token page: /token/{holdingId} of a current holder. */
  path: string;
}

/** The first token of the seed's collection of this media type, at a holding it has now. */
export async function seededToken(request: APIRequestContext, mediaType: SeededMediaType): Promise<SeededToken> {
  const collectionName = SEEDED_COLLECTIONS[mediaType];
  const data = await graphql<{ getMarketplaceCollections: { edges: Array<{ node: { _id: string; name: string } }> } }>(
    request,
    'query($types: [String!]) { getMarketplaceCollections(filters: { mediaTypes: $types }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 50 }) { edges { node { _id name } } } }',
    { types: [mediaType] },
  );
  const collection = data.getMarketplaceCollections.edges.map((edge) => edge.node).find((node) => node.name === collectionName);
  expect(collection, `the seed's ${mediaType} collection '${collectionName}'`).toBeDefined();
  const holdings = (await holdingsOf(request, collection!._id)).sort((a, b) => Number(a.token.tokenId) - Number(b.token.tokenId));
  const first = holdings[0];
  expect(first, `a holding of '${collectionName}'`).toBeDefined();
  return { mediaType, name: first!.token.name, path: `/token/${first!.id}` };
}
