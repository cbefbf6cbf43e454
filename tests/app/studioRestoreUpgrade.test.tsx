// A studio left mid-way before the upgrade comes back after it: the record the previous build stored
// (tests/fixtures/stored/studio.v2.json, recorded from it: a new image collection saved as c-new, one.png uploaded,
// two.png under way) is in IndexedDB when /studio/edit/c-new opens; the studio's first state migrates it and the
// page shows the upload step with both files, the unfinished one continuing at once.
import { screen, waitFor } from '@testing-library/react';
import { createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import storedV2 from '../fixtures/stored/studio.v2.json';
import { renderApp } from './appHarness';
import { creatorSession, scriptedStudio, studioCanvas, stubStudioFetch } from './studioFixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => stubStudioFetch());
afterEach(() => vi.unstubAllGlobals());

describe('studio: a reload across the upgrade', () => {
  it('the upload step comes back with its files, the uploaded one done and the other continuing', async () => {
    expect(storedV2.record.version).toBe(2);
    await set(storedV2.key, storedV2.record, createStore('artbazaar-studio', 'studios'));
    const studio = scriptedStudio({ canvas: studioCanvas({ id: 'c-new' }) });
    await renderApp('/studio/edit/c-new', { walletSession: creatorSession() }, studio.flows);
    await screen.findByRole('heading', { level: 1, name: 'Upload images' }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('Loading …')).not.toBeInTheDocument());
    expect(screen.getByText('one.png')).toBeInTheDocument();
    expect(screen.getByText('two.png')).toBeInTheDocument();
    // The file that was uploading continues without a click (its bytes are read back from origin-private storage).
    await waitFor(() => expect(studio.uploads.map((upload) => upload.input.file.name)).toEqual(['two.png']));
    expect(studio.uploads[0]!.input.canvasId).toBe('c-new');
  });
});
