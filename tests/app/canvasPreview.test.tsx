import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// The shared canvas preview (/preview/canvas/{id}, /canvas/{id}): the collection and its tokens, 12 a page, with
// the share token passed to the server; no such canvas for this viewer is the 404 page.

const SHARE = 'Zk3dV1q0b7mXa9cQe2rT5uWy8pLs4nHj';
const json = (body: unknown, status = 200) => Response.json(body, { status });

let requests: Array<{ url: string; headers: Headers; body?: { operationName: string; variables: Record<string, unknown> } }>;
let canvasAnswer: () => Response;

const canvas = {
  id: '41',
  name: 'Tidal Loops',
  symbol: 'TIDE',
  description: 'Slow waves, drawn once a day.',
  mediaType: 'image',
  state: 'building',
  cover: '/ipfs/bafkreicover',
  supplyPerToken: 1,
  royaltiesBasispoints: 500,
  attributes: null,
  tokenCount: 14,
  createdAt: '2026-11-20T10:00:00.000Z',
  address: null,
  chainId: 31337,
};

function tokensPage(after: string | undefined, perPage: number) {
  const from = after ? Number(after.slice(1)) + 1 : 1;
  const count = Math.max(0, Math.min(perPage, 14 - from + 1));
  const edges = Array.from({ length: count }, (_, i) => {
    const tokenId = String(from + i);
    return { cursor: `c${tokenId}`, node: { _id: `41:${tokenId}`, tokenId, name: `Wave ${tokenId}`, mediaType: 'image', mediaUrl: `/ipfs/bafkreiwave${tokenId}`, thumbnailUrl: `/ipfs/bafkreiwave${tokenId}?thumbnail=1`, attributes: null } };
  });
  return { totalCount: 14, pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: from + count - 1 < 14, hasPreviousPage: from > 1 }, edges };
}

beforeEach(() => {
  forgetAllListSnapshots();
  requests = [];
  canvasAnswer = () => json(canvas);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/graphql') {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: { after?: string; pagination: { perPage: number; after?: string } } };
      requests.push({ url, headers: new Headers(init.headers), body });
      return json({ data: { getTokensByContainerId: tokensPage(body.variables.pagination.after, body.variables.pagination.perPage) } });
    }
    requests.push({ url, headers: new Headers(init.headers) });
    if (url.startsWith('/api/v1/canvas/')) return canvasAnswer();
    return json({ error: 'not_found', message: 'Not found' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('canvas preview', () => {
  // The first test pays for transforming the route and the lazily loaded media viewers (several seconds when cold).
  it('default: /preview/canvas/{id}?share= shows the cover, name, description and the first 12 tokens, asking with the share token', async () => {
    await renderApp(`/preview/canvas/41?share=${SHARE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Cover of Tidal Loops' });
    expect(cover).toHaveAttribute('src', '/ipfs/bafkreicover');
    // The phone-performance work: the cover's derivatives, at the collection cover's layout (beside the details from 48rem).
    expect(cover).toHaveAttribute('srcset', expect.stringContaining('/ipfs/bafkreicover?w=640 640w'));
    expect(cover).toHaveAttribute('sizes', '(min-width: 48rem) 360px, 100vw');
    expect(screen.getByText('Slow waves, drawn once a day.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Preview: this collection is not published yet.');
    expect(screen.getByRole('img', { name: 'Image' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Artworks of Tidal Loops' });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(12));
    expect(within(grid).getByRole('img', { name: 'Wave 1' })).toHaveAttribute('src', '/ipfs/bafkreiwave1?thumbnail=1');
    expect(within(grid).queryByRole('link')).not.toBeInTheDocument();

    const rest = requests.find((request) => request.url.startsWith('/api/v1/canvas/'))!;
    expect(rest.url).toBe(`/api/v1/canvas/41?share=${SHARE}`);
    expect(rest.headers.get('Authorization')).toBeNull();
    const tokens = requests.find((request) => request.body?.operationName === 'getCanvasPreviewTokens')!;
    expect(tokens.body!.variables).toMatchObject({ container_id: '41', share: SHARE, pagination: { perPage: 12 } });
  }, 20_000);

  it('behavior: /canvas/{id} is the same page; without a share token the signed-in creator asks with the signed request', async () => {
    const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator: true }) });
    await renderApp('/canvas/41', { walletSession: session.machine });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    const rest = requests.find((request) => request.url.startsWith('/api/v1/canvas/'))!;
    expect(rest.url).toBe('/api/v1/canvas/41');
    expect(rest.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
    await waitFor(() => expect(requests.some((request) => request.body?.operationName === 'getCanvasPreviewTokens')).toBe(true));
    const tokens = requests.find((request) => request.body?.operationName === 'getCanvasPreviewTokens')!;
    expect(tokens.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
    expect(tokens.body!.variables).toMatchObject({ share: null });
  });

  it('behavior: a published canvas shows no preview note', async () => {
    canvasAnswer = () => json({ ...canvas, state: 'published', address: '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be' });
    await renderApp(`/canvas/41?share=${SHARE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    expect(screen.queryByText('Preview: this collection is not published yet.')).not.toBeInTheDocument();
  });

  it('validation: an unknown canvas, or one this viewer may not see, is the 404 page; a malformed share token is not sent', async () => {
    canvasAnswer = () => json({ error: 'forbidden', message: 'Not yours' }, 403);
    await renderApp('/canvas/41?share=%3Cscript%3E');
    // The root's not-found page (no route sets its own: src/routes/__root.tsx) may render twice as the router settles.
    await waitFor(() => expect(screen.getByText("This page does not exist or you don't have access to it")).toBeInTheDocument());
    expect(requests.find((request) => request.url.startsWith('/api/v1/canvas/'))!.url).toBe('/api/v1/canvas/41');
  });
});
