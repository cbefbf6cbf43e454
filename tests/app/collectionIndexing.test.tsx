// A collection this device just published, before the indexer has it: the collection page shows it at once from the
// publishing receipt's record (read as its creator), says it is being indexed, and becomes the indexed page when the
// indexer catches up without a flash or a remount.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishedOnChain } from '../../domain/publishedCollection';
import type { CollectionDisplay } from '../../src/services/collection';
import { pendingCollectionOfRoute } from '../../src/services/pendingCollection';
import { collectionIndexingFlow } from '../../src/services/flows/collectionIndexing';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { JUST_PUBLISHED_KEY, justPublished, rememberPublished } from '../../src/services/studio/justPublished';
import { clearApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { COLLECTION_INDEXING_TEXT } from '../../src/views/collection/CollectionIndexingStatus';
import { NOT_FOUND_TEXT } from '../../src/views/status/NotFoundView';
import { renderApp } from './appHarness';
import { makeToken } from './fixtures';
import { ALICE, loginOf } from './walletHarness';

const COLLECTION_ADDRESS = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';
const CREATOR = ALICE.toLowerCase();
const AUTHORIZATION = `Bearer ${CREATOR}:${'k'.repeat(32)}`;
const path = `/collection/${COLLECTION_ADDRESS}/31337`;

const RECORD: PublishedOnChain = {
  canvasId: '7',
  chainId: 31337,
  address: COLLECTION_ADDRESS.toLowerCase(),
  creator: CREATOR,
  tokenCount: 3,
  publishedAt: new Date(Date.now() - 5_000).toISOString(),
  hash: `0x${'ab'.repeat(32)}`,
};

/** The studio canvas as the server keeps it before indexing (address null, not published). */
const CANVAS: CollectionDisplay = {
  id: '7',
  _id: '7',
  name: 'Night Tides',
  symbol: 'NIGHT',
  description: 'Moonlit waves.',
  chainId: 31337,
  cover: '/ipfs/bafkreicover',
  thumbnail: '/ipfs/bafkreicover?thumb=1',
  address: null,
  mediaType: 'image',
  tokenCount: 0,
  createdAt: '2026-11-01T12:00:00.000Z',
  publishedAt: null,
  creatorInfo: { id: '2', address: CREATOR, alias: 'lumen', avatar: null, firstName: 'Ada', lastName: 'Wave' },
};
/** The same row once the indexer has the collection. */
const INDEXED: CollectionDisplay = { ...CANVAS, address: RECORD.address, tokenCount: 3, publishedAt: RECORD.publishedAt };

interface SentCall {
  operationName: string;
  variables: Record<string, unknown>;
  authorization: string | null;
}

let calls: SentCall[];
/** Whether the indexer has the collection yet. */
let indexed: boolean;
let canvasVisible: boolean;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const connection = <T,>(nodes: T[]) => ({
  totalCount: nodes.length,
  pageInfo: { startCursor: nodes.length ? 'c1' : null, endCursor: nodes.length ? `c${nodes.length}` : null, hasNextPage: false, hasPreviousPage: false },
  edges: nodes.map((node, i) => ({ cursor: `c${i + 1}`, node })),
});
// The canvas's tokens: not minted in the index yet (no holding), so their cards are not links.
const TOKENS = [1, 2, 3].map((n) => makeToken(n, { collection: { id: '7', _id: '7', name: 'Night Tides', address: null, chainId: 31337, attributes: null } }));

beforeEach(async () => {
  forgetAllListSnapshots();
  localStorage.clear();
  calls = [];
  indexed = false;
  canvasVisible = true;
  vi.stubGlobal('IntersectionObserver', class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url !== '/graphql') return url === '/api/v1/likes/account' ? json({ likes: [] }) : json({ error: 'not_found', message: 'Not found' }, 404);
    const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
    const authorization = new Headers(init.headers).get('Authorization');
    calls.push({ operationName: body.operationName, variables: body.variables, authorization });
    // The server's visibility rules: before indexing, the canvas and its tokens are its creator's only.
    const creator = authorization === AUTHORIZATION;
    switch (body.operationName) {
      case 'getCollections':
        return json({ data: { getCollections: connection(indexed && body.variables.address === RECORD.address ? [INDEXED] : []) } });
      case 'getPendingCollection':
        return json({ data: { getCollections: connection(canvasVisible && (creator || indexed) && body.variables.id === '7' ? [indexed ? INDEXED : CANVAS] : []) } });
      case 'getTokensByContainerId':
        return json({ data: { getTokensByContainerId: connection(creator || indexed ? TOKENS : []) } });
      default:
        return json({ data: { [body.operationName]: connection([]) } });
    }
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.removeItem(JUST_PUBLISHED_KEY);
  await clearApiKey(CREATOR);
});

const params = { address: COLLECTION_ADDRESS, chainId: '31337' };

describe('pendingCollectionOfRoute', () => {
  it('default: a kept record and the creator’s stored login: the canvas read as its creator, with the receipt’s address, token count and time', async () => {
    rememberPublished(RECORD);
    await saveApiKey(CREATOR, loginOf(CREATOR));
    const pending = await pendingCollectionOfRoute(params);
    expect(pending?.collection).toEqual({ ...CANVAS, address: RECORD.address, tokenCount: 3, publishedAt: RECORD.publishedAt });
    expect(pending?.record).toEqual(RECORD);
    expect(pending?.creator).toEqual({ address: CREATOR, key: 'k'.repeat(32) });
    expect(calls).toEqual([{ operationName: 'getPendingCollection', variables: { id: '7' }, authorization: AUTHORIZATION }]);
  });

  it('behavior: no record of the collection on this device: null, nothing asked', async () => {
    await saveApiKey(CREATOR, loginOf(CREATOR));
    expect(await pendingCollectionOfRoute(params)).toBeNull();
    rememberPublished(RECORD);
    // Another chain's URL is another collection.
    expect(await pendingCollectionOfRoute({ ...params, chainId: '1' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('behavior: no stored login of the creator: null, nothing asked', async () => {
    rememberPublished(RECORD);
    await saveApiKey(CREATOR.replace(/.$/, '0'), loginOf(CREATOR.replace(/.$/, '0')));
    expect(await pendingCollectionOfRoute(params)).toBeNull();
    expect(calls).toEqual([]);
    await clearApiKey(CREATOR.replace(/.$/, '0'));
  });

  it('behavior: the server does not show the canvas (another account’s login, or it is gone): null; malformed params: null', async () => {
    rememberPublished(RECORD);
    await saveApiKey(CREATOR, loginOf(CREATOR));
    canvasVisible = false;
    expect(await pendingCollectionOfRoute(params)).toBeNull();
    expect(await pendingCollectionOfRoute({ address: 'nope', chainId: '31337' })).toBeNull();
    expect(await pendingCollectionOfRoute({ ...params, chainId: 'zero' })).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('collection page of a collection just published', () => {
  // A short poll, so the indexer's catching up is seen within the test.
  const fastPoll = { collectionIndexing: collectionIndexingFlow.provide({ delays: { indexPoll: 30 } }) };

  it('default: shown at once from the receipt with its tokens read as the creator; once indexed the status goes and nothing else moves', async () => {
    rememberPublished(RECORD);
    await saveApiKey(CREATOR, loginOf(CREATOR));
    await renderApp(path, {}, fastPoll);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Night Tides' });
    const status = screen.getByText(COLLECTION_INDEXING_TEXT);
    expect(status).toHaveAttribute('role', 'status');
    expect(status.closest('.collection-summary')).not.toBeNull();
    // The receipt's facts: the contract address and the block's day.
    const details = screen.getByText('Published').closest('dl')!;
    expect(within(details).getByText('0xa1...d2be')).toHaveAttribute('title', COLLECTION_ADDRESS);
    const grid = await screen.findByRole('list', { name: 'Artworks of Night Tides' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    const firstCard = within(grid).getAllByRole('listitem')[0]!;
    // Not minted in the index yet: the cards are not links.
    expect(within(grid).queryAllByRole('link')).toHaveLength(0);
    const tokenReads = () => calls.filter((call) => call.operationName === 'getTokensByContainerId');
    expect(tokenReads().map((call) => [call.variables.container_id, call.authorization])).toEqual([['7', AUTHORIZATION]]);

    // The indexer catches up: the next poll finds the collection by its address.
    await act(async () => {
      indexed = true;
      await new Promise((resolve) => setTimeout(resolve, 60));
    });
    await waitFor(() => expect(screen.queryByText(COLLECTION_INDEXING_TEXT)).not.toBeInTheDocument());
    await waitFor(() => expect(justPublished(COLLECTION_ADDRESS, 31337)).toBeNull());
    // The route read the collection again from the index (anonymously, by address) and kept the same page.
    await waitFor(() => expect(calls.filter((call) => call.operationName === 'getCollections').length).toBeGreaterThanOrEqual(3));
    expect(screen.getByRole('heading', { level: 1, name: 'Night Tides' })).toBe(heading);
    expect(screen.getByRole('list', { name: 'Artworks of Night Tides' })).toBe(grid);
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(within(grid).getAllByRole('listitem')[0]).toBe(firstCard);
    // The grid was not reset: every token read is the creator's (its params stayed the same).
    expect(tokenReads().every((call) => call.authorization === AUTHORIZATION)).toBe(true);
    expect(tokenReads()).toHaveLength(1);
  });

  it('behavior: a visitor (no record on this device) gets the 404 view until the index has it, as before', async () => {
    await renderApp(path);
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(calls.map((call) => call.operationName)).toEqual(['getCollections']);
  });

  it('behavior: the record without the creator’s login on this device: the 404 view', async () => {
    rememberPublished(RECORD);
    await renderApp(path);
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(COLLECTION_INDEXING_TEXT)).not.toBeInTheDocument();
  });

  it('behavior: an indexed collection shows no indexing status and reads its tokens anonymously', async () => {
    indexed = true;
    await renderApp(path);
    const grid = await screen.findByRole('list', { name: 'Artworks of Night Tides' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByText(COLLECTION_INDEXING_TEXT)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.operationName === 'getTokensByContainerId').map((call) => call.authorization)).toEqual([null]);
  });
});
