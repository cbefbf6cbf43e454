import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_TAGLINE } from '../../src/app/product';
import { renderApp } from './appHarness';
import { makeToken } from './fixtures';

// The real graphql service runs; only the network under it is replaced.
function answerTokens(count: number) {
  const edges = Array.from({ length: count }, (_, i) => ({ cursor: `c${i + 1}`, node: makeToken(i + 1) }));
  return new Response(
    JSON.stringify({
      data: { getMarketplaceTokens: { totalCount: count, pageInfo: { startCursor: 'c1', endCursor: `c${count}`, hasNextPage: false, hasPreviousPage: false }, edges } },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

describe('home page', () => {
  let requests: Array<{ operationName: string; variables: unknown }>;
  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(JSON.parse(init.body as string));
        return answerTokens(4);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('default: title is the product name; hero with tagline and a link to explore; newest artworks grid', async () => {
    await renderApp('/');
    expect(document.title).toBe('Art Bazaar');
    expect(screen.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_TAGLINE, { selector: '.hero-tagline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore art' })).toHaveAttribute('href', '/explore');
    const grid = await screen.findByRole('list', { name: 'Newest artworks' });
    expect(within(grid).getAllByRole('article')).toHaveLength(4);
    expect(requests[0]).toMatchObject({
      operationName: 'getMarketplaceTokens',
      variables: { sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: 15 } },
    });
  });

  it('behavior: "Go to main page" on the 404 page navigates home', async () => {
    await renderApp('/missing');
    await userEvent.click(screen.getByRole('link', { name: 'Go to main page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeInTheDocument();
    expect(document.title).toBe('Art Bazaar');
  });
});
