// The phone-performance work: the publish step sums up what will be minted before Publish (which it describes), and once the collection
// is published it leads on (its page, listing it in My creations, the dashboard), through /studio/edit/$containerId
// with scripted services.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { creatorSession, scriptedStudio, studioCanvas, stubStudioFetch } from './studioFixtures';
import { ALICE } from './walletHarness';

// Whole pages through the router on a shared, slow machine.
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => stubStudioFetch());
afterEach(() => vi.unstubAllGlobals());

const ADDRESS = '0x1111111111111111111111111111111111111111';

async function openPublish(canvas: ReturnType<typeof studioCanvas>) {
  await renderApp('/studio/edit/c1', { walletSession: creatorSession() }, scriptedStudio({ canvas }).flows);
  await screen.findByRole('heading', { level: 1, name: 'Publish' }, { timeout: 5000 });
}

describe('studio publish step', () => {
  it('default: a finalized collection shows what will be minted, and Publish is described by it', async () => {
    await openPublish(studioCanvas({ state: 'finalized', tokenCount: 3, supplyPerToken: 2, royaltiesBasispoints: 250, mediaType: 'gif' }));
    const summary = await screen.findByRole('region', { name: 'What will be minted' });
    const rows = within(summary).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Collection: Dawn', 'Media type: GIF', 'Tokens: 3 tokens, 2 editions each', 'Royalty: 2.5% (250 basis points)', expect.stringMatching(/^Chain: .+/)]);
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(/^Collection Dawn Media type GIF Tokens 3 tokens, 2 editions each Royalty 2\.5% \(250 basis points\) Chain /);
    expect(screen.queryByRole('navigation', { name: 'After publishing' })).not.toBeInTheDocument();
  });

  it('behavior: a published collection ends on links onward, not a dead end, and the summary is gone', async () => {
    await openPublish(studioCanvas({ state: 'published', tokenCount: 1, address: ADDRESS }));
    expect(await screen.findByText('Dawn is published.')).toBeInTheDocument();
    const onward = screen.getByRole('navigation', { name: 'After publishing' });
    const links = within(onward).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['View the collection', `/collection/${ADDRESS}/31337`],
      ['List it for sale', '/account/dashboard?tab=creations'],
      ['Go to the dashboard', '/account/dashboard'],
    ]);
    expect(screen.queryByRole('region', { name: 'What will be minted' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it("behavior: published from the transaction's receipt before the indexer has it: its link, the indexing note, and the record kept for its page", async () => {
    localStorage.clear();
    const receipt = { canvasId: 'c1', chainId: 31337, address: ADDRESS, creator: ALICE.toLowerCase(), tokenCount: 1, publishedAt: new Date().toISOString(), hash: `0x${'ab'.repeat(32)}` };
    await renderApp('/studio/edit/c1', { walletSession: creatorSession() }, scriptedStudio({ canvas: studioCanvas({ state: 'finalized', tokenCount: 1 }), receipt }).flows);
    await screen.findByRole('heading', { level: 1, name: 'Publish' }, { timeout: 5000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Dawn is published.')).toBeInTheDocument();
    expect(screen.getByText('The marketplace is indexing this collection: it appears in explore and can be listed for sale once it is indexed.')).toBeInTheDocument();
    const onward = screen.getByRole('navigation', { name: 'After publishing' });
    expect(within(onward).getByRole('link', { name: 'View the collection' })).toHaveAttribute('href', `/collection/${ADDRESS}/31337`);
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    // Kept once the store's code has loaded (it loads with the first publication).
    await waitFor(() => expect(JSON.parse(localStorage.getItem('artbazaar:just-published') ?? '[]')).toEqual([receipt]));
  });

  it('behavior: the studio page has one main landmark (the app layout\'s)', async () => {
    await openPublish(studioCanvas({ state: 'finalized', tokenCount: 1 }));
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
