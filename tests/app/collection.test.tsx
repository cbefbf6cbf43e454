import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { INVALID_DESCRIPTION_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../../machines/forms/validators';
import type { CollectionDisplay } from '../../src/services/collection';
import { NOT_FOUND_TEXT } from '../../src/views/status/NotFoundView';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { fromPromise } from 'xstate';
import { collectionRoyaltiesFlow } from '../../src/services/flows/collectionRoyalties';
import { configAnswering, demoConfig, renderApp } from './appHarness';
import { makeToken } from './fixtures';
import { ALICE, HARDHAT_ACCOUNTS, fakeWalletSession, loginOf } from './walletHarness';

const COLLECTION_ADDRESS = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  static showObserved() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.elements].map((target) => ({ target, isIntersecting: true, intersectionRatio: 0.1 }) as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

let collection: CollectionDisplay | null;
let graphqlCalls: Array<{ operationName: string; variables: Record<string, unknown> }>;
let puts: Array<{ url: string; headers: Headers; body: FormData }>;
let putAnswer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function tokensPage(after: string | undefined, perPage: number) {
  const from = after ? Number(after.slice(1)) + 1 : 1;
  const total = 14;
  const count = Math.max(0, Math.min(perPage, total - from + 1));
  const edges = Array.from({ length: count }, (_, i) => ({ cursor: `c${from + i}`, node: makeToken(from + i) }));
  return { totalCount: total, pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: from + count - 1 < total, hasPreviousPage: from > 1 }, edges };
}

beforeEach(() => {
  forgetAllListSnapshots();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  collection = {
    id: '3',
    _id: '3',
    name: 'Tidal Loops',
    symbol: 'TIDE',
    description: 'Waves drawn by a pendulum.',
    chainId: 31337,
    cover: '/ipfs/bafkreicover',
    thumbnail: '/ipfs/bafkreicover?thumb=1',
    address: COLLECTION_ADDRESS.toLowerCase(),
    mediaType: 'image',
    tokenCount: 14,
    createdAt: '2026-11-01T12:00:00.000Z',
    publishedAt: '2026-11-03T12:00:00.000Z',
    creatorInfo: { id: '2', address: ALICE.toLowerCase(), alias: 'lumen', avatar: null, firstName: 'Ada', lastName: 'Wave' },
  };
  graphqlCalls = [];
  puts = [];
  putAnswer = () => json({ ...collection });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/graphql') {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
      graphqlCalls.push(body);
      if (body.operationName === 'getCollections') {
        const match = collection && body.variables.address === collection.address && body.variables.chainId === collection.chainId;
        return json({ data: { getCollections: { totalCount: match ? 1 : 0, pageInfo: { hasNextPage: false, hasPreviousPage: false }, edges: match ? [{ cursor: 'c', node: collection }] : [] } } });
      }
      // Explore's collections view (where /collection/{chainId} leads) and its artist filter: nothing to list.
      const none = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };
      if (body.operationName === 'getMarketplaceCollections') return json({ data: { getMarketplaceCollections: none } });
      if (body.operationName === 'getAllArtists') return json({ data: { getAllArtists: none } });
      const pagination = body.variables.pagination as { after?: string; perPage: number };
      return json({ data: { getTokensByContainerId: tokensPage(pagination.after, pagination.perPage) } });
    }
    if (url === '/api/v1/likes/account') return json({ likes: [] });
    if (init.method === 'PUT') {
      puts.push({ url, headers: new Headers(init.headers), body: init.body as FormData });
      const response = putAnswer();
      if (response.ok && collection) collection = { ...collection, description: String((init.body as FormData).get('description')) };
      return response;
    }
    return json({ error: 'not_found', message: 'Not found' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const path = `/collection/${COLLECTION_ADDRESS}/31337`;
// The creator's royalties panel reads the contract through the wallet stack: here it answers from a fixture.
const royaltiesFromFixture = { collectionRoyalties: collectionRoyaltiesFlow.provide({ actors: { readRoyalties: fromPromise(async () => ({ basispoints: 500, recipient: ALICE })) } }) };
const signedInAs = (address: string) =>
  fakeWalletSession({ restored: { address, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(address), connection: { address, chainId: 31337 } }).machine;

describe('collection display page', () => {
  it('default: cover, name, creator, description, details and the first 12 tokens; a visitor gets no Edit', async () => {
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Tidal Loops' })).toHaveAttribute('src', '/ipfs/bafkreicover');
    expect(screen.getByText('Ada Wave')).toBeInTheDocument();
    expect(screen.getByText('Waves drawn by a pendulum.')).toBeInTheDocument();
    const details = screen.getByText('Published').closest('dl')!;
    expect(within(details).getByText('03 Nov 2026')).toBeInTheDocument();
    expect(within(details).getByText('Hardhat')).toBeInTheDocument();
    // The local chain has no explorer: the contract address with a copy button instead.
    expect(within(details).getByText('0xa1...d2be')).toHaveAttribute('title', COLLECTION_ADDRESS);
    expect(within(details).getByRole('button', { name: 'Copy contract address' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Artworks of Tidal Loops' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(12);
    expect(graphqlCalls.find((call) => call.operationName === 'getTokensByContainerId')?.variables).toEqual({ container_id: '3', pagination: { perPage: 12 } });
    expect(graphqlCalls.find((call) => call.operationName === 'getCollections')?.variables).toEqual({ address: COLLECTION_ADDRESS.toLowerCase(), chainId: 31337 });
    expect(screen.queryByRole('button', { name: 'Edit description' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit cover' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Tidal Loops \|/);
  });

  it('parameters: a chain with a block explorer in the server config gets the view-on-chain link', async () => {
    const evm = { ...demoConfig.evms[0]!, blockExplorerUrl: 'https://explorer.example.org/' };
    await renderApp(path, { config: configAnswering(async () => ({ ...demoConfig, evms: [evm] })) });
    const link = await screen.findByRole('link', { name: 'View on chain (opens in a new tab)' });
    expect(link).toHaveAttribute('href', `https://explorer.example.org/address/${COLLECTION_ADDRESS}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Copy contract address' })).not.toBeInTheDocument();
  });

  it('routing: /collection/{chainId} (no address) opens explore\'s collections view filtered to that chain; a bad chain id is a 404', async () => {
    const { router } = await renderApp('/collection/31337');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(router.state.location.search).toEqual({ view: 'collection', chain: [31337] });
    expect(await screen.findByRole('radio', { name: 'Collections' })).toBeChecked();
    await renderApp('/collection/zero');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('behavior: the next page loads when the grid bottom becomes visible', async () => {
    await renderApp(path);
    const grid = await screen.findByRole('list', { name: 'Artworks of Tidal Loops' });
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(14));
    expect(graphqlCalls.filter((call) => call.operationName === 'getTokensByContainerId').at(-1)?.variables).toEqual({
      container_id: '3',
      pagination: { perPage: 12, after: 'c12' },
    });
  });

  it('behavior: Back to the collection shows the loaded tokens at once (no reload) and scrolls to where the visitor was', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = await renderApp(path);
    const grid = await screen.findByRole('list', { name: 'Artworks of Tidal Loops' });
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(14));
    const pages = graphqlCalls.filter((call) => call.operationName === 'getTokensByContainerId').length;

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 900 });
    // A window scroll fires 'scroll' at the document (the router's scroll restoration listens there).
    act(() => void document.dispatchEvent(new Event('scroll')));
    await act(() => router.navigate({ to: '/connect-wallet' }));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    scrollTo.mockClear();
    await act(() => router.history.back());
    const restored = await screen.findByRole('list', { name: 'Artworks of Tidal Loops' });
    expect(within(restored).getAllByRole('listitem')).toHaveLength(14);
    expect(graphqlCalls.filter((call) => call.operationName === 'getTokensByContainerId')).toHaveLength(pages);
    // One scroll restoration, the router's, after the list rendered with all its pages.
    expect(scrollTo).toHaveBeenCalledWith({ top: 900, left: 0, behavior: undefined });
  });

  it('unknown collection: the 404 view', async () => {
    collection = null;
    await renderApp(path);
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('parameters: a malformed address or chain id is a 404 without asking the server', async () => {
    await renderApp('/collection/not-an-address/31337');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(graphqlCalls).toEqual([]);
  });

  it('creator: edits the description (address matched in any case); invalid text is refused with the seed message', async () => {
    await renderApp(path, { walletSession: signedInAs(ALICE) }, royaltiesFromFixture);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit description' }));
    const form = screen.getByRole('form', { name: 'Edit description' });
    const text = within(form).getByLabelText('Description');
    const save = within(form).getByRole('button', { name: 'Save' });
    await userEvent.clear(text);
    expect(within(form).getByRole('alert')).toHaveTextContent(REQUIRED_FIELD_MESSAGE);
    expect(save).toBeDisabled();
    await userEvent.type(text, 'Waves & <tides>');
    expect(within(form).getByRole('alert')).toHaveTextContent(INVALID_DESCRIPTION_MESSAGE);
    expect(save).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.type(text, 'Vagues dessinées (pendule), 2026.');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Vagues dessinées (pendule), 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit description' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe('/api/v1/collection/3');
    expect(puts[0]!.body.get('description')).toBe('Vagues dessinées (pendule), 2026.');
    expect(puts[0]!.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
  });

  it('behavior: a description save failure is ignored silently and the editor closes', async () => {
    putAnswer = () => json({ error: 'forbidden', message: 'Only the creator may edit this collection' }, 403);
    const { appActor } = await renderApp(path, { walletSession: signedInAs(ALICE.toUpperCase().replace('0X', '0x')) }, royaltiesFromFixture);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit description' }));
    const text = screen.getByLabelText('Description');
    await userEvent.clear(text);
    await userEvent.type(text, 'A new text');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit description' })).not.toBeInTheDocument());
    expect(puts).toHaveLength(1);
    expect(screen.getByText('Waves drawn by a pendulum.')).toBeInTheDocument();
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creator: the royalties controls with the contract\'s values; a raise is refused', async () => {
    await renderApp(path, { walletSession: signedInAs(ALICE) }, royaltiesFromFixture);
    const royalties = await screen.findByRole('region', { name: 'Royalties' });
    expect(await within(royalties).findByText('5% (500 basis points)')).toBeInTheDocument();
    expect(within(royalties).getByText(ALICE)).toBeInTheDocument();
    await userEvent.type(within(royalties).getByLabelText('New royalties (basis points, 100 = 1%)'), '700');
    await userEvent.click(within(royalties).getByRole('button', { name: 'Reduce royalties' }));
    expect(within(royalties).getByRole('alert')).toHaveTextContent('Royalties can only be reduced');
    await userEvent.type(within(royalties).getByLabelText('New royalties recipient (address)'), 'nobody');
    await userEvent.click(within(royalties).getByRole('button', { name: 'Transfer recipient' }));
    expect(within(royalties).getAllByRole('alert')[1]).toHaveTextContent('Enter a valid address');
  });

  it('another account: no Edit for the description or the cover', async () => {
    await renderApp(path, { walletSession: signedInAs(HARDHAT_ACCOUNTS[3]!) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    // The session is registered by now (the header shows the account), and still no editing.
    await waitFor(() => expect(screen.queryByRole('button', { name: /connect wallet/i })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit description' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit cover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Royalties' })).not.toBeInTheDocument();
  });
});
