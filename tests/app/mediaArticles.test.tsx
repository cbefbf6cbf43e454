import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { stubGraphql } from './exploreFixtures';

const summary = (id: number, title: string, type: string, createdAt: string, over: Record<string, unknown> = {}) => ({
  id: String(id),
  type,
  title,
  cover: `/ipfs/bafycover${id}`,
  coverThumbnail: `/ipfs/thumb/bafycover${id}`,
  isFeatured: false,
  artist: null,
  createdAt,
  ...over,
});

const FEATURED = summary(3, 'In the studio with Mara Vale', 'interview', '2026-10-02T09:00:00.000Z', { isFeatured: true });
const PAGE_1 = [
  summary(9, 'Systems of Light opens', 'news', '2026-11-20T12:00:00.000Z'),
  summary(8, 'What a seed remembers', 'essay', '2026-11-12T12:00:00.000Z', { cover: null, coverThumbnail: null }),
  FEATURED,
];
const PAGE_2 = [summary(2, 'A conversation with Ada Nwosu', 'interview', '2026-09-01T12:00:00.000Z')];

const pageOf = (articles: unknown[], hasNextPage: boolean) => ({ getArticles: { pageInfo: { hasNextPage }, edges: articles.map((node) => ({ node })) } });

interface Answers {
  /** getFeaturedArticle's data; throwing answers a GraphQL error. */
  featured?: () => unknown;
  /** getArticles' data for a page; throwing answers a GraphQL error. */
  page?: (page: number) => unknown;
}

/** Stubs the network under the real services: the GraphQL operations of the page and of the article page. */
function stubNetwork(answers: Answers = {}) {
  return stubGraphql((call) => {
    if (call.operationName === 'getFeaturedArticle') return answers.featured?.() ?? { getFeaturedArticle: FEATURED };
    if (call.operationName === 'getArticles') {
      const { page, perPage } = call.variables.pagination as { page: number; perPage: number };
      expect(perPage).toBe(24);
      if (answers.page) return answers.page(page);
      return page === 1 ? pageOf(PAGE_1, true) : pageOf(PAGE_2, false);
    }
    if (call.operationName === 'getArticle' && (call.variables as { id?: string }).id === '9') {
      return { getArticle: { article: PAGE_1[0], body: '<h1>Systems of Light opens</h1><p>Eleven artists who let rules do the drawing.</p>' } };
    }
    throw new Error(`unexpected ${call.operationName}`);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cardTitles = () =>
  within(screen.getByRole('region', { name: 'All articles' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('media articles page', { timeout: 30_000 }, () => {
  it('default: the featured article with Read, then the cards newest first with thumbnail, title, type and date', async () => {
    const network = stubNetwork();
    await renderApp('/media-articles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Media and Articles' })).toBeInTheDocument();
    const featured = await screen.findByRole('region', { name: 'In the studio with Mara Vale' });
    expect(within(featured).getByText('interview')).toBeInTheDocument();
    expect(within(featured).getByText('Oct 2, 2026')).toBeInTheDocument();
    expect(featured.querySelector('img')).toHaveAttribute('src', '/ipfs/bafycover3');
    expect(within(featured).getByRole('link', { name: 'Read: In the studio with Mara Vale' })).toHaveAttribute('href', '/article/3');
    expect(network.calls.map((call) => call.operationName)).toEqual(expect.arrayContaining(['getFeaturedArticle', 'getArticles']));
    expect(network.of('getArticles')[0]!.variables.pagination).toEqual({ page: 1, perPage: 24 });

    const all = screen.getByRole('region', { name: 'All articles' });
    expect(cardTitles()).toEqual(['Systems of Light opens', 'What a seed remembers', 'In the studio with Mara Vale']);
    const first = within(all).getAllByRole('article')[0]!;
    const image = first.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/ipfs/thumb/bafycover9');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '180');
    expect(image).toHaveAttribute('alt', '');
    expect(within(first).getByText('news')).toBeInTheDocument();
    expect(within(first).getByText('Nov 20, 2026')).toHaveAttribute('datetime', '2026-11-20T12:00:00.000Z');
    expect(within(first).getByRole('link', { name: 'Systems of Light opens' })).toHaveAttribute('href', '/article/9');
    // A card without a cover keeps its shape with a placeholder, no broken image.
    expect(within(all).getAllByRole('article')[1]!.querySelector('img')).toBeNull();
    expect(document.title).toMatch(/^Media and Articles \|/);
  });

  it("'More articles' appends the next page and disappears after the last one", async () => {
    const network = stubNetwork();
    await renderApp('/media-articles');
    const more = await screen.findByRole('button', { name: 'More articles' });
    await userEvent.click(more);
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    expect(cardTitles()[3]).toBe('A conversation with Ada Nwosu');
    expect(network.of('getArticles').map((call) => call.variables.pagination)).toContainEqual({ page: 2, perPage: 24 });
    expect(screen.queryByRole('button', { name: 'More articles' })).toBeNull();
  });

  it('a failed further page says so and its button tries again', async () => {
    let fail = true;
    stubNetwork({
      page: (page) => {
        if (page === 1) return pageOf(PAGE_1, true);
        if (fail) throw new Error('Request failed with status 500');
        return pageOf(PAGE_2, false);
      },
    });
    await renderApp('/media-articles');
    await userEvent.click(await screen.findByRole('button', { name: 'More articles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more articles: Request failed with status 500');
    expect(cardTitles()).toHaveLength(3);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'More articles' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no featured article and no articles: no featured section, and the list says none are published', async () => {
    stubNetwork({ featured: () => ({ getFeaturedArticle: null }), page: () => pageOf([], false) });
    await renderApp('/media-articles');
    expect(await screen.findByText('No articles have been published yet.')).toBeInTheDocument();
    expect(screen.queryByText('Featured article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'More articles' })).toBeNull();
  });

  it('a failed load shows the error with Retry, and Retry loads the page', async () => {
    let fail = true;
    stubNetwork({
      featured: () => {
        if (fail) throw new Error('Request failed with status 500');
        return { getFeaturedArticle: FEATURED };
      },
    });
    await renderApp('/media-articles');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the articles' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Request failed with status 500');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'In the studio with Mara Vale' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a card leads to its article page', async () => {
    stubNetwork();
    const { router } = await renderApp('/media-articles');
    await userEvent.click(await screen.findByRole('link', { name: 'Systems of Light opens' }));
    expect(await screen.findByText('Eleven artists who let rules do the drawing.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/article/9');
  });
});
