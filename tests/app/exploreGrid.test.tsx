import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../machines/lists/pagedListMachine';
import type { FetchTokenPage, MarketplaceToken } from '../../src/services/marketplace';
import { ExploreView } from '../../src/views/explore/ExploreView';
import { makeToken } from './fixtures';

// jsdom has no IntersectionObserver; this stand-in lets a test say "the sentinel is now visible".
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
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

/** Tokens from..from+perPage-1 of a list of totalCount (numbered from 1). */
function pageOf(from: number, perPage: number, totalCount: number): Page<MarketplaceToken> {
  const count = Math.max(0, Math.min(perPage, totalCount - from + 1));
  const edges = Array.from({ length: count }, (_, i) => ({ cursor: `c${from + i}`, node: makeToken(from + i) }));
  const last = from + count - 1;
  return {
    totalCount,
    pageInfo: { startCursor: `c${from}`, endCursor: count ? `c${last}` : null, hasNextPage: last < totalCount, hasPreviousPage: from > 1 },
    edges,
  };
}

describe('explore grid', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('default: renders the first page (newest, 15 per page) and asks for the next when the sentinel is 10% visible', async () => {
    const fetchPage = vi.fn<FetchTokenPage>(async ({ after, perPage }) => pageOf(after ? Number(after.slice(1)) + 1 : 1, perPage, 20));
    render(<ExploreView fetchPage={fetchPage} />);
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    expect(within(grid).getAllByRole('article')).toHaveLength(15);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]![0]).toEqual({ params: { sort: 'newest' }, after: null, perPage: 15 });
    expect(FakeIntersectionObserver.instances.at(-1)!.options.threshold).toBe(0.1);

    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(20));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage.mock.calls[1]![0]).toEqual({ params: { sort: 'newest' }, after: 'c15', perPage: 15 });
    expect(screen.getByRole('article', { name: 'Artwork 20' })).toBeInTheDocument();

    // The last page said hasNextPage false: no sentinel is left to ask for more.
    act(() => FakeIntersectionObserver.showObserved());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(document.title).toBe('Explore art | Art Bazaar');
  });

  it('behavior: a total of 0 shows the no-result message', async () => {
    const fetchPage = vi.fn<FetchTokenPage>(async () => pageOf(1, 0, 0));
    render(<ExploreView fetchPage={fetchPage} />);
    expect(await screen.findByText('No artworks found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Artworks' })).not.toBeInTheDocument();
  });

  it('behavior: a failed page shows an error with Retry, which loads it again', async () => {
    let calls = 0;
    const fetchPage = vi.fn<FetchTokenPage>(async ({ perPage }) => {
      calls += 1;
      if (calls === 1) throw new Error('The network is unavailable.');
      return pageOf(1, perPage, 3);
    });
    render(<ExploreView fetchPage={fetchPage} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load artworks. The network is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
