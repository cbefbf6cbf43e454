// The contact form's human check (the editorial pages; docs/requirements.md#contact "a human-check widget is shown after the site key loads,
// with retry every 8000 ms", docs/requirements.md#contact "Missing site key raises an internal error and the widget is silently not shown").
// One machine for both providers (the server's public config says which):
//   loading (Turnstile: the site key and the widget script; ALTCHA: the widget's code) → ready
//   loading fails → retrying → after HUMAN_CHECK_RETRY_MS → loading, until it loads
//   Turnstile answered without a site key → missing (reported once as an internal error; nothing is shown)
//   ready ─check.solved→ solved ─check.expired→ expired ─check.solved→ solved
import { assign, setup } from 'xstate';
import { HUMAN_CHECK_RETRY_MS } from '../../domain/contact';
import { notProvided } from '../system/notProvided';

export type HumanCheckProvider = 'turnstile' | 'altcha';

export interface HumanCheckInput {
  provider: HumanCheckProvider;
}

/** What loading brings: Turnstile's site key (null when the server has none); ALTCHA needs no key. */
export interface HumanCheckLoad {
  siteKey: string | null;
}

export interface HumanCheckContext {
  provider: HumanCheckProvider;
  siteKey: string | null;
  token: string | null;
  /** Loads tried so far (the first one included). */
  attempts: number;
}

export type HumanCheckEvent = { type: 'check.solved'; token: string } | { type: 'check.expired' };

export function createHumanCheckMachine() {
  return setup({
    types: {
      context: {} as HumanCheckContext,
      events: {} as HumanCheckEvent,
      input: {} as HumanCheckInput,
      tags: {} as 'widget',
    },
    actors: {
      loadHumanCheck: notProvided<HumanCheckLoad, HumanCheckInput>('humanCheckMachine', 'loadHumanCheck'),
    },
    actions: {
      // Services log it (console.error): an internal error with no UI.
      reportMissingKey: () => {},
    },
    guards: {
      isUsable: ({ context, event }) =>
        context.provider === 'altcha' || Boolean((event as { output?: HumanCheckLoad }).output?.siteKey),
    },
    delays: {
      retry: HUMAN_CHECK_RETRY_MS,
    },
  }).createMachine({
    id: 'humanCheck',
    context: ({ input }) => ({ provider: input.provider, siteKey: null, token: null, attempts: 0 }),
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
        invoke: {
          id: 'loadHumanCheck',
          src: 'loadHumanCheck',
          input: ({ context }) => ({ provider: context.provider }),
          onDone: [
            { guard: 'isUsable', target: 'ready', actions: assign({ siteKey: ({ event }) => event.output.siteKey }) },
            { target: 'missing' },
          ],
          onError: 'retrying',
        },
      },
      retrying: {
        after: { retry: 'loading' },
      },
      missing: {
        entry: 'reportMissingKey',
      },
      // The widget is shown from here on.
      ready: {
        tags: 'widget',
        on: { 'check.solved': { target: 'solved', actions: assign({ token: ({ event }) => event.token }) } },
      },
      solved: {
        tags: 'widget',
        on: {
          'check.solved': { target: 'solved', actions: assign({ token: ({ event }) => event.token }) },
          'check.expired': { target: 'expired', actions: assign({ token: null }) },
        },
      },
      expired: {
        tags: 'widget',
        on: { 'check.solved': { target: 'solved', actions: assign({ token: ({ event }) => event.token }) } },
      },
    },
  });
}

export const humanCheckMachine = createHumanCheckMachine();
export type HumanCheckMachine = typeof humanCheckMachine;
