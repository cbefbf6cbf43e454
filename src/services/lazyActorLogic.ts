// Actor logic whose code is fetched when it first runs (the phone-performance work: what a page's first paint does not need stays out of
// its first load). A flow invokes it by its usual name, as it would the logic itself: once the code is there (the
// page traded before, or the import resolved) it IS that logic — every call goes to it, the actor's snapshot is its
// snapshot (tags, context, output), so the flow and its views see no difference. Until then the actor waits for the
// import in a stand-in snapshot: active and tagged 'busy' (the flow's first step, as the real one's would be), holding
// the events sent to it, which the real logic receives in order once it has started. A failed import ends the actor
// with `onLoadError`'s output (the code could not load: offline before it was ever cached). Like a lazy component,
// this is code loading only: what the actor does is the loaded logic's, which a test provides or replaces as before.
import type { ActorScope, AnyActorLogic, AnyEventObject, EventObject, Snapshot } from 'xstate';

/** The system an onLoadError reaches (notifications). */
export type LazySystem = ActorScope<Snapshot<unknown>, EventObject>['system'];

export interface LazyActorLogicOptions<TOutput> {
  /** The output the actor ends with when the code could not load (and anything to announce through the system). */
  onLoadError: (error: unknown, system: LazySystem) => TOutput;
}

/** The stand-in snapshot while the code loads (`lazy` marks it: a persisted one restores to loading again). */
interface LoadingSnapshot {
  status: 'active' | 'done' | 'stopped';
  output: unknown;
  error: undefined;
  lazy: 'loading';
  input: unknown;
  /** Events sent before the code arrived, delivered to it in order. */
  pending: AnyEventObject[];
  hasTag(tag: string): boolean;
}

const LOADED = 'xstate.lazy.loaded';
const FAILED = 'xstate.lazy.failed';
const STOP = 'xstate.stop';

const isLoading = (snapshot: unknown): snapshot is LoadingSnapshot => (snapshot as { lazy?: unknown } | null)?.lazy === 'loading';

function loadingSnapshot(input: unknown, pending: AnyEventObject[] = [], status: LoadingSnapshot['status'] = 'active', output?: unknown): LoadingSnapshot {
  return { status, output, error: undefined, lazy: 'loading', input, pending, hasTag: (tag) => status === 'active' && tag === 'busy' };
}

export interface LazyActorLogic<TLogic extends AnyActorLogic> {
  /** The logic to provide under the actor's name (typed as the loaded one). */
  logic: TLogic;
  /** Imports the code now (once; a failed import is tried again by the next call). */
  load(): Promise<TLogic>;
  /** Whether the code is here: an actor started now runs it at once. */
  loaded(): boolean;
}

export function lazyActorLogic<TLogic extends AnyActorLogic, TOutput = unknown>(
  importLogic: () => Promise<TLogic>,
  options: LazyActorLogicOptions<TOutput>,
): LazyActorLogic<TLogic> {
  let real: TLogic | null = null;
  let loading: Promise<TLogic> | null = null;
  const load = (): Promise<TLogic> =>
    (loading ??= importLogic().then(
      (logic) => (real = logic),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  // Each call goes to the loaded logic as soon as it is there; only a stand-in snapshot is handled here.
  type Scope = Parameters<TLogic['transition']>[2];
  const logic = {
    getInitialSnapshot(scope: Scope, input: unknown) {
      return real ? real.getInitialSnapshot(scope, input) : loadingSnapshot(input);
    },
    restoreSnapshot(snapshot: Snapshot<unknown>, scope: Scope) {
      if (isLoading(snapshot)) return loadingSnapshot(snapshot.input, snapshot.pending, snapshot.status, snapshot.output);
      if (!real) throw new Error('lazyActorLogic: a snapshot of the loaded logic cannot be restored before its code is loaded');
      return real.restoreSnapshot ? real.restoreSnapshot(snapshot, scope) : snapshot;
    },
    start(snapshot: Snapshot<unknown>, scope: Scope) {
      if (!isLoading(snapshot)) {
        real!.start?.(snapshot, scope);
        return;
      }
      if (snapshot.status !== 'active') return;
      load().then(
        () => scope.self.getSnapshot().status === 'active' && scope.self.send({ type: LOADED }),
        (error: unknown) => scope.self.getSnapshot().status === 'active' && scope.self.send({ type: FAILED, error }),
      );
    },
    transition(snapshot: Snapshot<unknown>, event: AnyEventObject, scope: Scope) {
      if (!isLoading(snapshot)) return real!.transition(snapshot, event, scope);
      if (snapshot.status !== 'active') return snapshot;
      if (event.type === STOP) return loadingSnapshot(snapshot.input, [], 'stopped');
      if (event.type === FAILED) return loadingSnapshot(snapshot.input, [], 'done', options.onLoadError((event as { error?: unknown }).error, scope.system));
      if (event.type !== LOADED || !real) return loadingSnapshot(snapshot.input, [...snapshot.pending, event]);
      // The real logic starts where it would have at the invoke (its entry actions run now; the children it invokes
      // start once this snapshot is the actor's), then hears what was sent meanwhile.
      let next = real.getInitialSnapshot(scope, snapshot.input);
      real.start?.(next, scope);
      for (const pending of snapshot.pending) next = real.transition(next, pending, scope);
      return next;
    },
    getPersistedSnapshot(snapshot: Snapshot<unknown>, persistOptions?: unknown) {
      if (!isLoading(snapshot)) return real!.getPersistedSnapshot(snapshot, persistOptions as never);
      const { status, output, error, lazy, input, pending } = snapshot;
      return { status, output, error, lazy, input, pending };
    },
  };
  return { logic: logic as unknown as TLogic, load, loaded: () => real !== null };
}
