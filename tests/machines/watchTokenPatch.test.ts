import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type EventObject } from 'xstate';
import type { TokenPatch } from '../../machines/live/liveEventsMachine';
import { watchTokenPatch } from '../../machines/token/watchTokenPatch';

// A liveEvents stand-in keeping patches by token id, as the real one does, and a listener recording what it hears.
type Patches = Record<string, TokenPatch>;
const live = setup({
  types: { context: {} as { patches: Patches }, events: {} as { type: 'patch'; id: string; patch: TokenPatch }, input: {} as { patches: Patches } },
}).createMachine({
  context: ({ input }) => ({ patches: input.patches }),
  on: { patch: { actions: assign({ patches: ({ context, event }) => ({ ...context.patches, [event.id]: { ...context.patches[event.id], ...event.patch } }) }) } },
});
const listener = setup({
  types: { context: {} as { heard: EventObject[] }, events: {} as EventObject, input: {} as { patches?: Patches } },
  actors: { live, watchTokenPatch },
}).createMachine({
  context: { heard: [] },
  invoke: [
    { id: 'live', systemId: 'liveEvents', src: 'live', input: ({ event }) => ({ patches: (event as { input?: { patches?: Patches } }).input?.patches ?? {} }) },
    { id: 'watch', src: 'watchTokenPatch', input: { tokenId: '7' } },
  ],
  on: { 'token.patched': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

describe('watchTokenPatch', () => {
  it("reports the token's patch on each change, not other tokens' patches", () => {
    const actor = createActor(listener, { input: {} }).start();
    const liveActor = actor.getSnapshot().children.live!;
    // No patch kept yet: nothing to report.
    expect(actor.getSnapshot().context.heard).toEqual([]);
    liveActor.send({ type: 'patch', id: '8', patch: { isSold: true } });
    expect(actor.getSnapshot().context.heard).toEqual([]);
    liveActor.send({ type: 'patch', id: '7', patch: { isSold: true } });
    liveActor.send({ type: 'patch', id: '7', patch: { likesCount: 3 } });
    expect(actor.getSnapshot().context.heard).toEqual([
      { type: 'token.patched', patch: { isSold: true } },
      { type: 'token.patched', patch: { isSold: true, likesCount: 3 } },
    ]);
    actor.stop();
  });

  it('reports a patch kept before it started at once', () => {
    const actor = createActor(listener, { input: { patches: { 7: { priceWei: null } } } }).start();
    expect(actor.getSnapshot().context.heard).toEqual([{ type: 'token.patched', patch: { priceWei: null } }]);
    actor.stop();
  });

  it('is silent without a liveEvents actor', () => {
    const alone = setup({ types: { context: {} as { heard: number }, events: {} as EventObject }, actors: { watchTokenPatch } }).createMachine({
      context: { heard: 0 },
      invoke: { src: 'watchTokenPatch', input: { tokenId: '7' } },
      on: { 'token.patched': { actions: assign({ heard: ({ context }) => context.heard + 1 }) } },
    });
    const actor = createActor(alone).start();
    expect(actor.getSnapshot().context.heard).toBe(0);
    actor.stop();
  });
});
