import { StrictMode } from 'react';
import { act, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { getAppActor } from '../../machines/app/appMachine';
import { notifyThroughSystem } from '../../machines/system/systemActors';
import { FlowOverridesProvider, useFlow, type FlowOverrides } from '../../src/app/flows';
import { reportReadFailure } from '../../src/services/offline/answerSource';
import { renderInApp } from './systemHarness';

// A small page flow: counts clicks and announces through the system's notifications actor.
const counterFlow = setup({
  types: { context: {} as { count: number }, input: {} as { start: number }, events: {} as { type: 'inc' } },
  actions: { announce: ({ system, context }) => notifyThroughSystem(system, 'info', `Count ${context.count}`) },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: input.start }),
  on: { inc: { actions: [assign({ count: ({ context }) => context.count + 1 }), 'announce'] } },
});

let seen: ReturnType<typeof useFlow<typeof counterFlow>>[] = [];
function Counter({ start }: { start: number }) {
  const flow = useFlow(counterFlow, { input: { start } });
  seen.push(flow);
  const count = useSelector(flow, (s) => s.context.count);
  return (
    <button type="button" onClick={() => flow.send({ type: 'inc' })}>
      {count}
    </button>
  );
}

function mount(ui: React.ReactNode, overrides: FlowOverrides = {}) {
  const { app, unmount } = renderInApp(<FlowOverridesProvider overrides={overrides}>{ui}</FlowOverridesProvider>);
  return { app, view: { unmount } };
}

// A page flow whose 'work' child stands for a contract action: busy until told to finish, then announces.
const workFlow = setup({
  actors: {
    work: setup({}).createMachine({
      initial: 'running',
      states: { running: { tags: 'busy', on: { finish: 'done' } }, done: { type: 'final' } },
    }),
  },
  actions: { announce: ({ system }) => notifyThroughSystem(system, 'success', 'Purchase successful') },
}).createMachine({
  id: 'work',
  initial: 'idle',
  states: {
    idle: { on: { start: 'working' } },
    working: { invoke: { id: 'work', src: 'work', onDone: { target: 'idle', actions: 'announce' } } },
  },
});

let workActor: ReturnType<typeof useFlow<typeof workFlow>> | null = null;
function Work() {
  const flow = useFlow(workFlow);
  workActor = flow;
  return null;
}

describe('useFlow', () => {
  it('a flow left while busy work runs in it (a contract action) keeps running until that work ends, then stops', () => {
    const { app, view } = mount(<Work />);
    const flow = workActor!;
    act(() => flow.send({ type: 'start' }));
    view.unmount();
    expect(flow.getSnapshot().status).toBe('active');
    act(() => flow.getSnapshot().children.work!.send({ type: 'finish' }));
    expect(getAppActor(app, 'notifications').getSnapshot().context.current?.text).toBe('Purchase successful');
    expect(flow.getSnapshot().status).toBe('stopped');
  });

  it('a flow left idle stops at once', () => {
    const { view } = mount(<Work />);
    const flow = workActor!;
    view.unmount();
    expect(flow.getSnapshot().status).toBe('stopped');
  });

  it('runs the flow in the app system (notices reach the notifications actor) and stops it on unmount', () => {
    seen = [];
    const { app, view } = mount(<Counter start={2} />);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('3');
    expect(getAppActor(app, 'notifications').getSnapshot().context.current?.text).toBe('Count 3');
    const flow = seen.at(-1)!;
    expect(flow.system).toBe(app.system);
    view.unmount();
    expect(flow.getSnapshot().status).toBe('stopped');
    expect(app.getSnapshot().status).toBe('active');
  });

  it('survives strict mode remounting: the flow goes on from where it was', () => {
    seen = [];
    const { app } = mount(
      <StrictMode>
        <Counter start={5} />
      </StrictMode>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('6');
    expect(getAppActor(app, 'notifications').getSnapshot().context.current?.text).toBe('Count 6');
    expect(seen.at(-1)!.getSnapshot().status).toBe('active');
  });

  it('tests replace a flow by machine id', () => {
    const announced: number[] = [];
    const { app, view } = mount(<Counter start={1} />, {
      counter: counterFlow.provide({ actions: { announce: ({ context }) => void announced.push(context.count) } }),
    });
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('2');
    expect(announced).toEqual([2]);
    expect(getAppActor(app, 'notifications').getSnapshot().context.current).toBeNull();
    view.unmount();
  });
});

// A page flow that reads once and shows the input it started with: the refresh after a restore starts a new one.
const reads: Array<{ resolve: (value: string) => void; reject: (reason: unknown) => void }> = [];
const readerFlow = setup({
  types: { context: {} as { start: number; data: string | null }, input: {} as { start: number } },
  actors: {
    read: fromPromise<string>(() => new Promise<string>((resolve, reject) => void reads.push({ resolve, reject }))),
  },
}).createMachine({
  id: 'reader',
  context: ({ input }) => ({ start: input.start, data: null }),
  initial: 'loading',
  states: {
    loading: { tags: 'loading', invoke: { src: 'read', onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) }, onError: 'failed' } },
    ready: {},
    failed: {},
  },
});

function Reader({ start }: { start: number }) {
  const flow = useFlow(readerFlow, { input: { start } });
  const shown = useSelector(flow, (s) => `${s.value as string} ${s.context.start} ${s.context.data ?? ''}`.trim());
  return <p>{shown}</p>;
}

describe('useFlow after a restore', () => {
  it('restarts a flow that failed offline with the input the page has now, not the one it mounted with', async () => {
    reads.length = 0;
    const { app, rerender } = renderInApp(<Reader start={1} />);
    // The read fails while the browser is offline: the page shows its failure.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportReadFailure();
    onLine.mockRestore();
    await act(async () => reads[0]!.reject(new Error('Failed to fetch')));
    expect(screen.getByText('failed 1')).toBeInTheDocument();
    // The page's input changes meanwhile (a Back to other filters, a typed text): the shown flow keeps its own.
    rerender(<Reader start={5} />);
    expect(screen.getByText('failed 1')).toBeInTheDocument();
    // Back online: the fresh flow starts from the latest input, and replaces the shown one once it has read.
    const connectivity = app.system.get('connectivity')!;
    act(() => {
      connectivity.send({ type: 'network.unreachable', source: 'browser' });
      connectivity.send({ type: 'network.reachable', source: 'browser' });
    });
    expect(reads).toHaveLength(2);
    await act(async () => reads[1]!.resolve('fresh'));
    expect(await screen.findByText('ready 5 fresh')).toBeInTheDocument();
  });
});
