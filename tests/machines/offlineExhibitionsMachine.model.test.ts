import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  createOfflineExhibitionsMachine,
  fitsSavedBudget,
  SAVED_EXHIBITIONS_BUDGET_BYTES,
  type DownloadInput,
  type OfflineExhibitionsEvent,
  type SavedExhibition,
  type SaveTarget,
  type SaveEstimate,
} from '../../machines/exhibitions/offlineExhibitionsMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';

// Saving an exhibition for offline: the saved list loads, a save is estimated (within the 500 MB budget or refused),
// confirmed, downloaded with progress (persistent storage asked for), listed; a failure (quota, network) offers
// retry; a saved one is removed. Each stored list starts its own graph.

type Exhibition = SaveTarget;

const SYSTEMS: Exhibition = { id: '1', title: 'Systems of Light', endDate: '2030-01-01T00:00:00.000Z' };
const SAVED_SYSTEMS: SavedExhibition = { id: '1', title: 'Systems of Light', bytes: 1_200, savedAt: 5, endDate: '2030-01-01T00:00:00.000Z' };
const OTHER: SavedExhibition = { id: '9', title: 'Paper Weather', bytes: 523_288_000, savedAt: 3, endDate: '2020-01-01T00:00:00.000Z' };
const SMALL: SaveEstimate = { bytes: 1_000, files: 3 };
const HUGE: SaveEstimate = { bytes: 600_000_000, files: 40 };

const machine = createOfflineExhibitionsMachine();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): Array<EventObject | OfflineExhibitionsEvent> => [
  { type: 'xstate.done.actor.loadSaved', output: [] } as EventObject,
  { type: 'xstate.error.actor.loadSaved', error: new Error('IndexedDB refused') } as EventObject,
  { type: 'xstate.done.actor.estimateSave', output: SMALL } as EventObject,
  { type: 'xstate.done.actor.estimateSave', output: HUGE } as EventObject,
  { type: 'xstate.error.actor.estimateSave', error: new TypeError('Failed to fetch') } as EventObject,
  { type: 'xstate.done.actor.removeSaved', output: '1' } as EventObject,
  { type: 'xstate.error.actor.removeSaved', error: new Error('no worker') } as EventObject,
  { type: 'save.request', exhibition: SYSTEMS },
  { type: 'save.remove', exhibitionId: '1' },
  { type: 'download.progress', doneBytes: 600 },
  { type: 'download.done', saved: SAVED_SYSTEMS },
  { type: 'download.failed', kind: 'quota' },
];

function harness(stored: SavedExhibition[]) {
  return () => {
    const load = controlled<SavedExhibition[]>();
    const estimate = controlled<SaveEstimate, Exhibition>();
    const remove = controlled<string, string>();
    const downloads: Array<{ input: DownloadInput; sendBack: (event: AnyEventObject) => void; stopped: boolean }> = [];
    let persistence = 0;
    let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
    const real = () => {
      if (!actor) throw new Error('actor not started');
      return actor.getSnapshot() as AnyMachineSnapshot;
    };
    const send = (step: { event: EventObject }) => void actor!.send(step.event as OfflineExhibitionsEvent);
    const download = () => {
      const last = downloads.at(-1);
      if (!last || last.stopped) throw new Error('no download running');
      return last;
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            actor = createActor(
              machine.provide({
                actors: {
                  loadSaved: load.logic,
                  estimateSave: estimate.logic,
                  removeSaved: remove.logic,
                  downloadExhibition: fromCallback<AnyEventObject, DownloadInput>(({ input, sendBack }) => {
                    const entry = { input, sendBack, stopped: false };
                    downloads.push(entry);
                    return () => void (entry.stopped = true);
                  }),
                },
                actions: { requestPersistence: () => void (persistence += 1) },
              }),
            ).start();
          },
          'xstate.done.actor.loadSaved': async () => {
            // The list the store holds (the model's [] stands for it).
            load.last().resolve(stored);
            await flush();
            expect(real().context.saved).toEqual(stored);
          },
          'xstate.error.actor.loadSaved': async (step: { event: EventObject }) => {
            load.last().reject((step.event as unknown as { error: Error }).error);
            await flush();
          },
          'xstate.done.actor.estimateSave': async (step: { event: EventObject }) => {
            expect(estimate.last().input).toEqual(SYSTEMS);
            estimate.last().resolve((step.event as unknown as { output: SaveEstimate }).output);
            await flush();
          },
          'xstate.error.actor.estimateSave': async (step: { event: EventObject }) => {
            estimate.last().reject((step.event as unknown as { error: Error }).error);
            await flush();
          },
          'xstate.done.actor.removeSaved': async () => {
            expect(remove.last().input).toBe('1');
            remove.last().resolve('1');
            await flush();
          },
          'xstate.error.actor.removeSaved': async (step: { event: EventObject }) => {
            remove.last().reject((step.event as unknown as { error: Error }).error);
            await flush();
          },
          'save.request': send,
          'save.confirm': () => {
            const before = { persistence, downloads: downloads.length };
            actor!.send({ type: 'save.confirm' });
            // The download starts with the estimate, and persistent storage is asked for once.
            expect(downloads).toHaveLength(before.downloads + 1);
            expect(download().input).toEqual({ exhibition: SYSTEMS, estimate: SMALL });
            expect(persistence).toBe(before.persistence + 1);
          },
          'save.cancel': send,
          'save.dismiss': send,
          'save.retry': send,
          'save.remove': send,
          'download.progress': (step: { event: EventObject }) => download().sendBack(step.event),
          'download.done': (step: { event: EventObject }) => {
            const running = download();
            running.sendBack(step.event);
            expect(running.stopped).toBe(true);
          },
          'download.failed': (step: { event: EventObject }) => {
            const running = download();
            running.sendBack(step.event);
            expect(running.stopped).toBe(true);
          },
        },
        states: checkedStates(real, project, {
          loading: (snap) => {
            expect(snap.hasTag('loading')).toBe(true);
            expect(snap.can({ type: 'save.request', exhibition: SYSTEMS })).toBe(false);
          },
          ready: (snap) => {
            expect(snap.hasTag('loading')).toBe(false);
          },
          'ready.idle': (snap) => {
            expect(snap.context).toMatchObject({ target: null, estimate: null, progress: null, error: null });
            expect(snap.can({ type: 'save.request', exhibition: SYSTEMS })).toBe(true);
            expect(snap.can({ type: 'save.remove', exhibitionId: '1' })).toBe(snap.context.saved.some((entry: SavedExhibition) => entry.id === '1'));
            expect(snap.hasTag('busy')).toBe(false);
          },
          'ready.estimating': (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.context.target).toEqual(SYSTEMS);
            expect(estimate.last().signal.aborted).toBe(false);
          },
          'ready.confirming': (snap) => {
            expect(snap.context.estimate).toEqual(SMALL);
            expect(fitsSavedBudget(snap.context.saved, SMALL.bytes, '1')).toBe(true);
            expect(snap.can({ type: 'save.confirm' })).toBe(true);
          },
          'ready.refused': (snap) => {
            expect(snap.context.estimate).toEqual(HUGE);
            expect(fitsSavedBudget(snap.context.saved, HUGE.bytes, '1')).toBe(false);
            expect(snap.can({ type: 'save.confirm' })).toBe(false);
          },
          'ready.downloading': (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.context.progress.totalBytes).toBe(SMALL.bytes);
            expect([0, 600]).toContain(snap.context.progress.doneBytes);
            expect(snap.can({ type: 'save.request', exhibition: SYSTEMS })).toBe(false);
          },
          'ready.failed': (snap) => {
            expect(['quota', 'network']).toContain(snap.context.error);
            expect(snap.can({ type: 'save.retry' })).toBe(true);
          },
          'ready.removing': (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(remove.last().input).toBe('1');
          },
        }),
      },
    };
  };
}

const lists: Array<[string, SavedExhibition[]]> = [
  ['nothing saved yet', []],
  ['this one saved already', [SAVED_SYSTEMS]],
  ['another one near the budget', [OTHER]],
];

describe.each(lists)('offlineExhibitionsMachine (model-based), %s', (_title, stored) => {
  const model = createMachineTestModel(machine, {
    project,
    // The model's store answers with the list of this graph.
    events: () => events().map((event) => (event.type === 'xstate.done.actor.loadSaved' ? ({ ...event, output: stored } as EventObject) : (event as EventObject))),
  });
  modelCoverageTests(machine, model.getShortestPaths(), harness(stored));
});

describe('saved exhibitions budget', () => {
  it('default: 500 MB (MiB, as sizes are shown) for every saved exhibition together', () => {
    expect(SAVED_EXHIBITIONS_BUDGET_BYTES).toBe(524_288_000);
  });
  it('behavior: the edge fits, a byte more does not; a re-save replaces its own old copy', () => {
    expect(fitsSavedBudget([OTHER], 1_000_000)).toBe(true);
    expect(fitsSavedBudget([OTHER], 1_000_001)).toBe(false);
    expect(fitsSavedBudget([OTHER], 524_288_000, '9')).toBe(true);
  });
});
