// Saving an exhibition for offline on /exhibitions: the size before, the progress during, the saved
// list with its budget, removal; over the budget a refusal; a quota failure with retry. The flow's services are
// replaced by machine id; the machine itself runs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { createOfflineExhibitionsMachine, type DownloadInput, type SavedExhibition, type SaveEstimate } from '../../machines/exhibitions/offlineExhibitionsMachine';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { CURRENT, PAST, pastAnswer } from './exhibitionsFixtures';
import { FakeIntersectionObserver, stubGraphql, tokenPage, type GraphqlCall } from './exploreFixtures';

const NOTHING_SAVED = 'No exhibition is saved yet: Save for offline under an exhibition keeps it on this device until you remove it.';

const MB = 1024 * 1024;
let store: SavedExhibition[];
let estimate: SaveEstimate;
let download: { input: DownloadInput; sendBack: (event: AnyEventObject) => void } | null;
let persisted: number;
let removed: string[];

function offlineFlow() {
  return createOfflineExhibitionsMachine().provide({
    actors: {
      loadSaved: fromPromise(async () => store),
      estimateSave: fromPromise(async () => estimate),
      downloadExhibition: fromCallback<AnyEventObject, DownloadInput>(({ input, sendBack }) => {
        download = { input, sendBack };
      }),
      removeSaved: fromPromise<string, string>(async ({ input }) => {
        removed.push(input);
        return input;
      }),
    },
    actions: { requestPersistence: () => void (persisted += 1) },
  });
}

beforeEach(() => {
  forgetAllListSnapshots();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  localStorage.clear();
  sessionStorage.clear();
  store = [];
  estimate = { bytes: 12 * MB, files: 5 };
  download = null;
  persisted = 0;
  removed = [];
  stubGraphql((call: GraphqlCall) => {
    if (call.operationName === 'getCurrentExhibition') return { getCurrentExhibition: CURRENT };
    if (call.operationName === 'getPastExhibitions') return pastAnswer(PAST);
    if (call.operationName === 'getExhibitionArtworks') return { getExhibitionArtworks: tokenPage(1, 12, 3) };
    throw new Error(`unexpected ${call.operationName}`);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const offline = () => screen.getByRole('region', { name: 'Offline copy' });

describe('exhibitions page: save for offline', { timeout: 30_000 }, () => {
  it('shows the size, then the progress, then lists the saved exhibition; Remove forgets it', async () => {
    const user = userEvent.setup();
    await renderApp('/exhibitions', {}, { offlineExhibitions: offlineFlow() });
    await user.click(await screen.findByRole('button', { name: 'Save for offline' }));
    expect(await within(offline()).findByText('12.0 MB')).toBeInTheDocument();
    expect(within(offline()).getByText(/to keep this exhibition offline\?/)).toBeInTheDocument();
    // Nothing saved yet: the section says so (and keeps its place for the first one).
    const list = screen.getByRole('region', { name: 'Saved for offline' });
    expect(within(list).getByText(NOTHING_SAVED)).toBeInTheDocument();
    expect(within(list).getByText('0 B of 500.0 MB used')).toBeInTheDocument();
    expect(within(list).queryByRole('listitem')).toBeNull();

    await user.click(within(offline()).getByRole('button', { name: 'Download' }));
    expect(persisted).toBe(1);
    expect(download?.input.exhibition.id).toBe(CURRENT.id);
    download!.sendBack({ type: 'download.progress', doneBytes: 3 * MB });
    const bar = await within(offline()).findByRole('progressbar', { name: 'Saving for offline' });
    await waitFor(() => expect(bar).toHaveAttribute('value', String(3 * MB)));
    expect(bar).toHaveAttribute('max', String(12 * MB));
    expect(within(offline()).getByText('3.0 MB of 12.0 MB (25%)')).toBeInTheDocument();

    download!.sendBack({ type: 'download.done', saved: { id: CURRENT.id, title: CURRENT.title, bytes: 11 * MB, savedAt: Date.now(), endDate: CURRENT.endDate } });
    expect(await within(offline()).findByText('Saved for offline (11.0 MB)')).toBeInTheDocument();
    expect(within(list).getByText('11.0 MB of 500.0 MB used')).toBeInTheDocument();
    expect(within(list).queryByText(NOTHING_SAVED)).toBeNull();
    expect(within(list).getByRole('link', { name: CURRENT.title })).toHaveAttribute('href', '/exhibitions?tab=current');

    await user.click(within(list).getByRole('button', { name: `Remove ${CURRENT.title}` }));
    expect(await within(list).findByText(NOTHING_SAVED)).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: CURRENT.title })).toBeNull();
    expect(removed).toEqual([CURRENT.id]);
    expect(await screen.findByRole('button', { name: 'Save for offline' })).toBeEnabled();
  });

  it('refuses a save over the 500 MB budget before downloading, with the sizes', async () => {
    const user = userEvent.setup();
    store = [{ id: 'exh-old', title: 'Paper Weather', bytes: 450 * MB, savedAt: 1, endDate: '2020-01-01T00:00:00.000Z' }];
    estimate = { bytes: 60 * MB, files: 9 };
    await renderApp('/exhibitions', {}, { offlineExhibitions: offlineFlow() });
    const list = await screen.findByRole('region', { name: 'Saved for offline' });
    expect(within(list).getByRole('link', { name: 'Paper Weather' })).toHaveAttribute('href', '/exhibitions?tab=past&exhibition=exh-old&view=detail');
    await user.click(await screen.findByRole('button', { name: 'Save for offline' }));
    expect(await within(offline()).findByRole('alert')).toHaveTextContent(
      'This exhibition needs 60.0 MB, and saved exhibitions may use 500.0 MB together (450.0 MB in use). Remove a saved exhibition first.',
    );
    expect(download).toBeNull();
    await user.click(within(offline()).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Save for offline' })).toBeInTheDocument();
  });

  it('a full device: says so, and Try again measures again', async () => {
    const user = userEvent.setup();
    await renderApp('/exhibitions', {}, { offlineExhibitions: offlineFlow() });
    await user.click(await screen.findByRole('button', { name: 'Save for offline' }));
    await user.click(await within(offline()).findByRole('button', { name: 'Download' }));
    download!.sendBack({ type: 'download.failed', kind: 'quota' });
    expect(await within(offline()).findByRole('alert')).toHaveTextContent('Your device is out of storage space: the exhibition was not saved.');
    await user.click(within(offline()).getByRole('button', { name: 'Try again' }));
    expect(await within(offline()).findByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('a past exhibition is saved from its detail view', async () => {
    const user = userEvent.setup();
    const chosen = PAST[0]!;
    await renderApp(`/exhibitions?tab=past&exhibition=${chosen.id}&view=detail`, {}, { offlineExhibitions: offlineFlow() });
    await user.click(await screen.findByRole('button', { name: 'Save for offline' }));
    await user.click(await within(offline()).findByRole('button', { name: 'Download' }));
    expect(download?.input.exhibition.id).toBe(chosen.id);
  });
});
