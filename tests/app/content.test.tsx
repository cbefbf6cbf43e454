import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, stubGraphql, tokensAnswer, type GraphqlCall } from './exploreFixtures';

// The editorial pages "Content": /learn, /faq (11 questions, one accordion), /flipcard (explore filtered to flipcards, share →
// studio-create), /tos and /community-guidelines (one policies page: text loaded by path, line breaks kept, retry).

beforeEach(() => {
  forgetAllListSnapshots();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The network: each text file answers from `files` (a function, so a test can fail a first request). */
function stubTextFiles(answer: (url: string) => Response) {
  const fetch = vi.fn(async (url: string) => answer(String(url)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const text = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

describe('/learn', () => {
  it('about us: its sections and the ways on (explore, apply)', async () => {
    await renderApp('/learn');
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Why Art Bazaar',
      'Curated, artist by artist',
      'For artists',
      'For collectors',
    ]);
    expect(screen.getByText(/three original digital artworks/)).toBeInTheDocument();
    expect(screen.getByText('No minting fee: publishing a collection costs only the network\'s gas fees.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the art' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('link', { name: 'Apply as an artist' })).toHaveAttribute('href', '/artists/apply');
    expect(document.title).toContain('About us');
  });
});

describe('/faq', () => {
  it('11 questions in one accordion, all closed; opening one closes the other', async () => {
    await renderApp('/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    const accordion = screen.getByRole('list', { name: 'Frequently asked questions' });
    expect(screen.getAllByRole('list', { name: 'Frequently asked questions' })).toHaveLength(1);
    const questions = within(accordion).getAllByRole('button');
    expect(questions).toHaveLength(11);
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');

    const fee = within(accordion).getByRole('button', { name: 'Is there a fee to mint a collection?' });
    await userEvent.click(fee);
    expect(fee).toHaveAttribute('aria-expanded', 'true');
    const feePanel = screen.getByRole('region', { name: 'Is there a fee to mint a collection?' });
    expect(feePanel).toHaveTextContent('There is no minting fee: you only pay the network\'s gas fees');

    const pay = within(accordion).getByRole('button', { name: 'How do I pay for an artwork?' });
    await userEvent.click(pay);
    expect(pay).toHaveAttribute('aria-expanded', 'true');
    expect(fee).toHaveAttribute('aria-expanded', 'false');
    expect(feePanel).not.toBeVisible();
    expect(screen.getByRole('region', { name: 'How do I pay for an artwork?' })).toHaveTextContent('In ETH, through a browser wallet.');
  });

  it('keyboard: Tab reaches a question, Enter opens it, Space closes it; the answers link to built pages', async () => {
    await renderApp('/faq');
    const apply = screen.getByRole('button', { name: 'How do I apply as an artist?' });
    apply.focus();
    await userEvent.keyboard('{Enter}');
    expect(apply).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'How do I apply as an artist?' });
    expect(within(panel).getByRole('link', { name: 'artist application' })).toHaveAttribute('href', '/artists/apply');
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: 'artist application' })).toHaveFocus();
    await userEvent.tab();
    const next = screen.getByRole('button', { name: 'Is there a fee to mint a collection?' });
    expect(next).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(next).toHaveAttribute('aria-expanded', 'true');
    expect(apply).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard(' ');
    expect(next).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('/flipcard', { timeout: 30_000 }, () => {
  it('explains the format; Explore resets the filters to the flipcard media type only and opens explore', async () => {
    const server = stubGraphql((call: GraphqlCall) => {
      if (call.operationName === 'getMarketplaceTokens') return { getMarketplaceTokens: tokensAnswer(3)(call) };
      if (call.operationName === 'getMarketplaceCollections') return { getMarketplaceCollections: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 } };
      throw new Error(`unexpected ${call.operationName}`);
    });
    // Filters chosen before (video, oldest first) are not carried over.
    const { router } = await renderApp('/explore?media=video&sort=oldest');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Video' })).toBeChecked());
    await router.navigate({ to: '/flipcard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flipcard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What is a flipcard?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share your flipcard' })).toHaveAttribute('href', '/studio/create');

    await userEvent.click(screen.getByRole('link', { name: 'Explore flipcards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(router.state.location.search).toEqual({ media: ['multipart/image'] });
    expect(await screen.findByRole('checkbox', { name: 'Flipcard' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Video' })).not.toBeChecked();
    await waitFor(() => expect(server.of('getMarketplaceTokens').at(-1)!.variables).toMatchObject({ filters: { mediaTypes: ['multipart/image'] }, sort: { sortBy: '_id', sortDir: -1 } }));
  });
});

describe('policies page', () => {
  const TERMS = 'These Terms govern your use.\n\n1. The service\nArt Bazaar lets visitors explore artworks.\nYour funds stay in your wallet.\n';

  it('/tos: the title and last-updated date, then the terms file with its line breaks kept', async () => {
    const fetch = stubTextFiles((url) => (url === '/content/terms-of-service.txt' ? text(TERMS) : new Response('', { status: 404 })));
    await renderApp('/tos');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: September 30th, 2025')).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Terms of Service' });
    const section = await within(article).findByText(/1\. The service/);
    expect(section.closest('p')!.querySelectorAll('br')).toHaveLength(2);
    expect(section.closest('p')).toHaveTextContent('1. The serviceArt Bazaar lets visitors explore artworks.Your funds stay in your wallet.');
    expect(within(article).getByText('These Terms govern your use.')).toBeInTheDocument();
    expect(article.querySelectorAll('.policy-text > p')).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.title).toContain('Terms of Service');
  });

  it('/community-guidelines: the same page with its own text and date', async () => {
    stubTextFiles((url) => (url === '/content/community-guidelines.txt' ? text('Respect the artists\nPublish only your own work.') : new Response('', { status: 404 })));
    await renderApp('/community-guidelines');
    expect(screen.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: September 2025')).toBeInTheDocument();
    const paragraph = (await screen.findByText('Publish only your own work.')).closest('p')!;
    expect(paragraph).toHaveTextContent('Respect the artistsPublish only your own work.');
    expect(paragraph.querySelectorAll('br')).toHaveLength(1);
  });

  it('failure: a message and Retry; the retry loads the text', async () => {
    let calls = 0;
    stubTextFiles(() => (++calls === 1 ? new Response('', { status: 503 }) : text(TERMS)));
    await renderApp('/tos');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the Terms of Service' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The Terms of Service could not be loaded (status 503).');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('These Terms govern your use.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('an HTML answer (the app shell for a missing file) is a failure, not a text', async () => {
    stubTextFiles(() => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await renderApp('/community-guidelines');
    expect(await screen.findByRole('alert')).toHaveTextContent('The Community Guidelines could not be loaded (status 200).');
    expect(screen.queryByText(/doctype/)).not.toBeInTheDocument();
  });
});
