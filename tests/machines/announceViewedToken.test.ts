// The viewed token lives in the liveEvents actor: a token page flow invokes announceViewedToken while its token is
// shown; stopping it clears the token unless another page announced its own meanwhile.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, setup } from 'xstate';
import { liveEventsMachine } from '../../machines/live/liveEventsMachine';
import { announceViewedToken } from '../../machines/live/announceViewedToken';

function system() {
  const live = liveEventsMachine.provide({ actors: { liveSocket: createMachine({}) as never } });
  const root = createActor(setup({ actors: { live } }).createMachine({ invoke: { id: 'liveEvents', systemId: 'liveEvents', src: 'live' } })).start();
  const liveEvents = root.system.get('liveEvents')!;
  return { root, liveEvents, viewed: () => liveEvents.getSnapshot().context.viewedTokenId as string | null };
}

const page = setup({ actors: { announceViewedToken } }).createMachine({
  initial: 'shown',
  states: {
    shown: { invoke: { src: 'announceViewedToken', input: { tokenId: 't12' } }, on: { leave: 'gone' } },
    gone: {},
  },
});

describe('announceViewedToken', () => {
  it('sets the viewed token while the page shows it and clears it on leaving', () => {
    const { root, viewed } = system();
    const flow = createActor(page, { parent: root }).start();
    expect(viewed()).toBe('t12');
    flow.send({ type: 'leave' });
    expect(viewed()).toBeNull();
  });

  it('does not clear a token another page announced meanwhile', () => {
    const { root, liveEvents, viewed } = system();
    const flow = createActor(page, { parent: root }).start();
    liveEvents.send({ type: 'live.viewToken', id: 't20' });
    flow.send({ type: 'leave' });
    expect(viewed()).toBe('t20');
  });

  it('does nothing without a liveEvents actor (model tests)', () => {
    expect(() => createActor(page).start().send({ type: 'leave' })).not.toThrow();
  });
});
