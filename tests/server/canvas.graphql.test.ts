// GraphQL for the studio: getAllCanvas (the signed-in creator's canvases, every state, newest first) and
// getTokensByContainerId's visibility of unpublished canvases (creator, share token), on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, type CanvasWorld } from './canvasFixtures.js';

const ALL = /* GraphQL */ `query ($f: CanvasFilter!, $p: PaginationInput) { getAllCanvas(filters: $f, pagination: $p) {
  totalCount pageInfo { hasNextPage endCursor }
  edges { node { id _id name symbol mediaType state cover coverThumbnail tokenCount createdAt supplyPerToken royaltiesBasispoints chainId address attributes } } } }`;
const TOKENS = /* GraphQL */ `query ($c: ID!, $share: String) { getTokensByContainerId(container_id: $c, share: $share) {
  totalCount edges { node { name } } } }`;

interface Connection {
  totalCount: number;
  pageInfo?: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: Record<string, unknown> }[];
}

interface GraphqlAnswer {
  data?: Record<string, Connection & { name?: string }> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe.each(DATABASE_KINDS)('studio GraphQL on %s', (kind) => {
  let w: CanvasWorld;
  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const query = async (document: string, variables: Record<string, unknown>, key?: ApiKeyCredentials): Promise<GraphqlAnswer> => {
    const response = await w.server.app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: authorizationHeader(key) } : {}) },
      body: JSON.stringify({ query: document, variables }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as GraphqlAnswer;
  };

  it('getAllCanvas lists the caller\'s canvases in every state, newest first, with token counts and cover URLs, in pages', async () => {
    const first = await w.create(w.keys.alice, { ...w.details({ name: 'First' }), cover: new File([w.images.png], 'c.png') });
    const second = await w.create(w.keys.alice, w.details({ name: 'Second', mediaType: 'multipart/image' }));
    const third = await w.create(w.keys.alice, w.details({ name: 'Third', mediaType: 'video' }));
    await w.create(w.keys.bob, w.details({ name: 'Bob\'s' }));
    await w.addTokens(first.id, ['a', 'b']);
    await w.setState(second.id, 'finalized');
    await w.setState(third.id, 'published');
    const answer = await query(ALL, { f: { creator: ALICE_ADDRESS } }, w.keys.alice);
    expect(answer.errors).toBeUndefined();
    const list = answer.data!.getAllCanvas!;
    expect(list.totalCount).toBe(3);
    expect(list.edges.map((edge) => [edge.node.name, edge.node.state, edge.node.mediaType, edge.node.tokenCount])).toEqual([
      ['Third', 'published', 'video', 0],
      ['Second', 'finalized', 'multipart/image', 0],
      ['First', 'building', 'image', 2],
    ]);
    const oldest = list.edges[2]!.node;
    expect(oldest).toMatchObject({ id: first.id, _id: first.id, symbol: 'HBR', supplyPerToken: 1, royaltiesBasispoints: 500, chainId: 31337, address: null, attributes: null });
    expect(oldest.cover).toMatch(/^\/ipfs\/b/);
    expect(oldest.coverThumbnail).toMatch(/^\/ipfs\/thumbnail\/b/);
    expect(new Date(String(oldest.createdAt)).getTime()).toBeGreaterThan(0);
    // Upper-case address, pages of 2.
    const page1 = (await query(ALL, { f: { creator: ALICE_ADDRESS.toUpperCase().replace('0X', '0x') }, p: { perPage: 2 } }, w.keys.alice)).data!.getAllCanvas!;
    expect([page1.edges.length, page1.pageInfo!.hasNextPage]).toEqual([2, true]);
    const page2 = (await query(ALL, { f: { creator: ALICE_ADDRESS }, p: { perPage: 2, after: page1.pageInfo!.endCursor } }, w.keys.alice)).data!.getAllCanvas!;
    expect(page2.edges.map((edge) => edge.node.name)).toEqual(['First']);
  });

  it('getAllCanvas: anonymous is UNAUTHENTICATED, another creator FORBIDDEN, a bad address BAD_USER_INPUT', async () => {
    const anonymous = await query(ALL, { f: { creator: ALICE_ADDRESS } });
    expect(anonymous.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([['Sign in with your wallet to see your studio collections.', 'UNAUTHENTICATED']]);
    const other = await query(ALL, { f: { creator: ALICE_ADDRESS } }, w.keys.bob);
    expect(other.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([['Only the creator can list their studio collections.', 'FORBIDDEN']]);
    const expired = await query(ALL, { f: { creator: ALICE_ADDRESS } }, { address: ALICE_ADDRESS, key: 'x'.repeat(43) });
    expect(expired.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const bad = await query(ALL, { f: { creator: 'alice' } }, w.keys.alice);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const bob = (await query(ALL, { f: { creator: BOB_ADDRESS } }, w.keys.bob)).data!.getAllCanvas!;
    expect(bob.edges.map((edge) => edge.node.name)).toEqual(['Bob\'s']);
  });

  it('getTokensByContainerId: an unpublished canvas\'s tokens for its creator and the share link only; published ones for all', async () => {
    const canvas = await w.create(w.keys.alice, w.details({ name: 'Tokens' }));
    await w.addTokens(canvas.id, ['t1', 't2', 't3']);
    const names = async (variables: Record<string, unknown>, key?: ApiKeyCredentials) => {
      const answer = await query(TOKENS, { c: canvas.id, ...variables }, key);
      expect(answer.errors).toBeUndefined();
      const list = answer.data!.getTokensByContainerId!;
      return [list.totalCount, list.edges.map((edge) => edge.node.name)];
    };
    expect(await names({}, w.keys.alice)).toEqual([3, ['t1', 't2', 't3']]);
    expect(await names({ share: canvas.shareToken })).toEqual([3, ['t1', 't2', 't3']]);
    expect(await names({})).toEqual([0, []]);
    expect(await names({}, w.keys.bob)).toEqual([0, []]);
    expect(await names({ share: 'guess' })).toEqual([0, []]);
    await w.setState(canvas.id, 'finalized');
    expect(await names({})).toEqual([0, []]);
    await w.setState(canvas.id, 'published');
    expect(await names({})).toEqual([3, ['t1', 't2', 't3']]);
    const tooLong = await query(TOKENS, { c: canvas.id, share: 's'.repeat(201) });
    expect(tooLong.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([["Invalid share: the preview link's token.", 'BAD_USER_INPUT']]);
  });

  it('an unpublished canvas is left out of getCollections, getCreatedCollections and getLastToken except for its signed-in creator', async () => {
    const canvas = await w.create(w.keys.alice, w.details({ name: 'Private' }));
    await w.addTokens(canvas.id, ['secret']);
    const collectionsQuery = `query ($f: CollectionFilter) { getCollections(filters: $f) { totalCount edges { node { name } } } }`;
    const createdQuery = `query ($f: CreatedCollectionFilter!) { getCreatedCollections(filters: $f) { totalCount edges { node { name } } } }`;
    const lastQuery = `query ($c: ID!) { getLastToken(container_id: $c) { name } }`;
    const names = (answer: GraphqlAnswer, field: string) => answer.data![field]!.edges.map((edge) => edge.node.name);
    for (const key of [undefined, w.keys.bob]) {
      expect(names(await query(collectionsQuery, { f: { ids: [canvas.id] } }, key), 'getCollections')).toEqual([]);
      expect(names(await query(createdQuery, { f: { creator: ALICE_ADDRESS } }, key), 'getCreatedCollections')).not.toContain('Private');
      expect((await query(lastQuery, { c: canvas.id }, key)).data!.getLastToken).toBeNull();
    }
    expect(names(await query(collectionsQuery, { f: { ids: [canvas.id] } }, w.keys.alice), 'getCollections')).toEqual(['Private']);
    expect(names(await query(createdQuery, { f: { creator: ALICE_ADDRESS } }, w.keys.alice), 'getCreatedCollections')).toContain('Private');
    expect((await query(lastQuery, { c: canvas.id }, w.keys.alice)).data!.getLastToken).toEqual({ name: 'secret' });
    await w.setState(canvas.id, 'published');
    expect(names(await query(collectionsQuery, { f: { ids: [canvas.id] } }), 'getCollections')).toEqual(['Private']);
    expect((await query(lastQuery, { c: canvas.id })).data!.getLastToken).toEqual({ name: 'secret' });
  });
});
