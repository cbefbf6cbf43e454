// The policies page (/tos and /community-guidelines, docs/requirements.md#content-pages): one page that loads its
// text by the route's path. loading → ready | failed (retry asks again).
import { assign, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface PolicyPageInput {
  /** The route's path ('/tos', '/community-guidelines'): which text to load. */
  path: string;
}

export interface PolicyPageContext {
  path: string;
  text: string | null;
  error: string | null;
}

export type PolicyPageEvent = { type: 'policy.retry' };


export const policyPageMachine = setup({
  types: {
    context: {} as PolicyPageContext,
    events: {} as PolicyPageEvent,
    input: {} as PolicyPageInput,
    tags: {} as 'loading',
  },
  actors: {
    fetchPolicyText: notProvided<string, { path: string }>('policyPageMachine', 'fetchPolicyText'),
  },
}).createMachine({
  id: 'policyPage',
  context: ({ input }) => ({ path: input.path, text: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchPolicyText',
        src: 'fetchPolicyText',
        input: ({ context }) => ({ path: context.path }),
        onDone: { target: 'ready', actions: assign({ text: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { 'policy.retry': 'loading' },
    },
  },
});
