import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { SAVED_EXHIBITIONS_BUDGET_BYTES, savedBytes, type SaveErrorKind, type SavedExhibition } from '../../../machines/exhibitions/offlineExhibitionsMachine';
import type { Exhibition } from '../../services/exhibitions/exhibitions';
import type { offlineExhibitionsFlow } from '../../services/flows/offlineExhibitions';
import { formatBytes, progressText } from '../studio/format';

export type OfflineActor = Actor<typeof offlineExhibitionsFlow>;

const FAILURES: Record<SaveErrorKind, string> = {
  quota: 'Your device is out of storage space: the exhibition was not saved.',
  network: 'The exhibition could not be downloaded. Check your connection and try again.',
  unavailable: "Saving for offline needs the app's offline support: reload the page and try again.",
};

/**
 * "Save for offline" under an exhibition (saving an exhibition for offline): the download size first, then progress, then saved with
 * a way to remove it; over the budget the save is refused before anything is downloaded.
 */
export function SaveForOffline({ offline, exhibition }: { offline: OfflineActor; exhibition: Exhibition }) {
  const state = useSelector(offline, (snapshot) => snapshot.value);
  const mine = useSelector(offline, (snapshot) => snapshot.context.target?.id === exhibition.id);
  const saved = useSelector(offline, (snapshot) => snapshot.context.saved.find((entry) => entry.id === exhibition.id) ?? null);
  const estimate = useSelector(offline, (snapshot) => snapshot.context.estimate);
  const progress = useSelector(offline, (snapshot) => snapshot.context.progress);
  const error = useSelector(offline, (snapshot) => snapshot.context.error);
  const used = useSelector(offline, (snapshot) => savedBytes(snapshot.context.saved));
  const step = typeof state === 'object' && 'ready' in state ? (state.ready as string) : 'loading';
  const active = mine && step !== 'idle';

  return (
    <section className="exhibition-offline" aria-label="Offline copy" data-offline-state={active ? step : saved ? 'saved' : 'idle'}>
      {active && step === 'estimating' ? (
        <p role="status">Measuring the download…</p>
      ) : active && step === 'confirming' && estimate ? (
        <div className="exhibition-offline-row">
          <p>
            Download <strong data-bytes={estimate.bytes}>{formatBytes(estimate.bytes)}</strong> to keep this exhibition offline?
          </p>
          <button type="button" className="button" onClick={() => offline.send({ type: 'save.confirm' })}>
            Download
          </button>
          <button type="button" className="button" onClick={() => offline.send({ type: 'save.cancel' })}>
            Cancel
          </button>
        </div>
      ) : active && step === 'downloading' && progress ? (
        <div className="exhibition-offline-row">
          <label htmlFor="exhibition-offline-progress">Saving for offline</label>
          <progress id="exhibition-offline-progress" value={progress.doneBytes} max={progress.totalBytes} />
          <span role="status">{progressText(progress.doneBytes, progress.totalBytes)}</span>
        </div>
      ) : active && step === 'refused' && estimate ? (
        <div className="exhibition-offline-row" role="alert">
          <p>
            This exhibition needs {formatBytes(estimate.bytes)}, and saved exhibitions may use {formatBytes(SAVED_EXHIBITIONS_BUDGET_BYTES)} together (
            {formatBytes(used)} in use). Remove a saved exhibition first.
          </p>
          <button type="button" className="button" onClick={() => offline.send({ type: 'save.dismiss' })}>
            OK
          </button>
        </div>
      ) : active && step === 'failed' && error ? (
        <div className="exhibition-offline-row" role="alert">
          <p>{FAILURES[error]}</p>
          <button type="button" className="button" onClick={() => offline.send({ type: 'save.retry' })}>
            Try again
          </button>
          <button type="button" className="button" onClick={() => offline.send({ type: 'save.dismiss' })}>
            Dismiss
          </button>
        </div>
      ) : active && step === 'removing' ? (
        <p role="status">Removing the offline copy…</p>
      ) : saved ? (
        <div className="exhibition-offline-row">
          <p role="status">Saved for offline ({formatBytes(saved.bytes)})</p>
          <button type="button" className="button" disabled={step !== 'idle'} onClick={() => offline.send({ type: 'save.remove', exhibitionId: exhibition.id })}>
            Remove offline copy
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button"
          disabled={step !== 'idle'}
          onClick={() => offline.send({ type: 'save.request', exhibition })}
        >
          Save for offline
        </button>
      )}
    </section>
  );
}

const opensAsPast = (entry: SavedExhibition, now: number) => Date.parse(entry.endDate) < now;

const NOTHING_SAVED = 'No exhibition is saved yet: Save for offline under an exhibition keeps it on this device until you remove it.';

/**
 * The "Saved for offline" section of /exhibitions: each saved exhibition, its size and age, Open and Remove. Shown
 * once the saved list is read, also when it is empty (its place is kept: a save or a removal moves nothing below).
 */
export function SavedExhibitions({ offline }: { offline: OfflineActor }) {
  const saved = useSelector(offline, (snapshot) => snapshot.context.saved);
  const loading = useSelector(offline, (snapshot) => snapshot.hasTag('loading'));
  const idle = useSelector(offline, (snapshot) => snapshot.matches({ ready: 'idle' }));
  if (loading) return null;
  const now = Date.now();
  return (
    <section className="saved-exhibitions" aria-labelledby="saved-exhibitions-title">
      <h2 id="saved-exhibitions-title">Saved for offline</h2>
      {/* One text node: a new size rewrites it, nothing in the line moves (no layout shift). */}
      <p className="saved-exhibitions-budget">{`${formatBytes(savedBytes(saved))} of ${formatBytes(SAVED_EXHIBITIONS_BUDGET_BYTES)} used`}</p>
      {saved.length === 0 ? (
        <p className="saved-exhibitions-none">{NOTHING_SAVED}</p>
      ) : (
        <ul>
          {saved.map((entry) => (
            <li key={entry.id} className="saved-exhibition">
              <Link
                to="/exhibitions"
                search={opensAsPast(entry, now) ? { tab: 'past', exhibition: entry.id, view: 'detail' } : { tab: 'current' }}
                className="saved-exhibition-title"
              >
                {entry.title}
              </Link>
              <span className="saved-exhibition-meta">
                {formatBytes(entry.bytes)} · saved {new Date(entry.savedAt).toLocaleDateString()}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Remove ${entry.title}`}
                disabled={!idle}
                onClick={() => offline.send({ type: 'save.remove', exhibitionId: entry.id })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
