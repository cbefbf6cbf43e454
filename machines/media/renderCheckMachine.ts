// A generative token page's render check (domain/generativeRender.ts): the render its metadata recorded at publishing,
// compared with this device's own render of the same fixed frame. The check waits until the page's largest paint is
// behind it (it draws the piece a second time, out of sight, and must not compete with the first screen).
//   deciding → unrecorded (published before renders were recorded) | unverified (WebGL, or a piece that varies)
//            | waiting (the page settled) → checking → verified | differs | failed (check.retry → checking)
import { assign, setup } from 'xstate';
import { sameRender, type GenerativeRender } from '../../domain/generativeRender';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface RenderCheckInput<TToken> {
  token: TToken;
  /** The token's recorded render (its metadata's properties.render), null when none was recorded. */
  recorded: GenerativeRender | null;
}

export interface RenderCheckContext<TToken> extends RenderCheckInput<TToken> {
  /** This device's render, once drawn. */
  drawn: GenerativeRender | null;
  error: string | null;
}

export type RenderCheckEvent = { type: 'check.retry' };

export function createRenderCheckMachine<TToken>() {
  return setup({
    types: {
      context: {} as RenderCheckContext<TToken>,
      events: {} as RenderCheckEvent,
      input: {} as RenderCheckInput<TToken>,
      tags: {} as 'busy',
    },
    actors: {
      drawRender: notProvided<GenerativeRender, { token: TToken }>('renderCheck', 'drawRender'),
      // Resolves once the page's largest paint is behind it (provided by the flow).
      pageSettled: notProvided<void, void>('renderCheck', 'pageSettled'),
    },
    guards: {
      nothingRecorded: ({ context }) => context.recorded === null,
      notVerifiable: ({ context }) => context.recorded?.check === 'none',
      drawnAsRecorded: ({ context, event }) => {
        const recorded = context.recorded;
        const drawn = (event as unknown as { output: GenerativeRender }).output;
        return recorded?.check === 'pixels' && sameRender(recorded, drawn);
      },
    },
    actions: {
      storeDrawn: assign({ drawn: ({ event }) => (event as unknown as { output: GenerativeRender }).output, error: null }),
      storeError: assign({ error: ({ event }) => errorMessage((event as unknown as { error: unknown }).error) }),
    },
  }).createMachine({
    id: 'renderCheck',
    context: ({ input }) => ({ token: input.token, recorded: input.recorded, drawn: null, error: null }),
    initial: 'deciding',
    states: {
      deciding: {
        always: [{ guard: 'nothingRecorded', target: 'unrecorded' }, { guard: 'notVerifiable', target: 'unverified' }, { target: 'waiting' }],
      },
      unrecorded: {},
      unverified: {},
      waiting: {
        invoke: { id: 'pageSettled', src: 'pageSettled', onDone: 'checking', onError: 'checking' },
      },
      checking: {
        tags: 'busy',
        invoke: {
          id: 'drawRender',
          src: 'drawRender',
          input: ({ context }) => ({ token: context.token }),
          onDone: [
            { guard: 'drawnAsRecorded', target: 'verified', actions: 'storeDrawn' },
            { target: 'differs', actions: 'storeDrawn' },
          ],
          onError: { target: 'failed', actions: 'storeError' },
        },
      },
      verified: {},
      differs: {},
      failed: {
        on: { 'check.retry': 'checking' },
      },
    },
  });
}
