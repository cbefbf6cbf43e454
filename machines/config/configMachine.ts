import { assign, fromPromise, setup } from 'xstate';

import type { AppConfig } from '../../domain/contracts/config';
import { notProvided } from '../system/notProvided';

// The shape of GET /api/v1/config is its contract's (domain/contracts/config.ts).
export type { AppConfig, EvmConfig, TokenCurrency } from '../../domain/contracts/config';

// What fetchConfig rejects with: 'region' sends the user to the geofence page, 'general' to the error page.
export interface ConfigLoadError {
  kind: 'region' | 'general';
  message: string;
}

export interface ConfigContext {
  config: AppConfig | null;
  error: ConfigLoadError | null;
}

export type ConfigEvent =
  | { type: 'config.retry' }
  /** Read the config again while it is shown (back online: an offline start showed the worker's stored copy). */
  | { type: 'config.refresh' };

export function toConfigLoadError(error: unknown): ConfigLoadError {
  const candidate = error as Partial<ConfigLoadError> | null | undefined;
  const kind = candidate?.kind === 'region' ? 'region' : 'general';
  const message = typeof candidate?.message === 'string' && candidate.message ? candidate.message : 'Unexpected error';
  return { kind, message };
}

/**
 * The server's config (GET /api/v1/config), loaded at start and refreshed on demand; a failed load waits for a retry.
 * The shown config is checked against its contract (checkConfig) while it is shown: the services run that check once
 * the page's first load is over, and a config that is not its contract's is a failed load (the error page).
 */
export const configMachine = setup({
  types: {
    context: {} as ConfigContext,
    events: {} as ConfigEvent,
    tags: {} as 'loading',
  },
  actors: {
    // Services implement it with an HTTP request that honours the signal and reject with a ConfigLoadError.
    fetchConfig: notProvided<AppConfig>('configMachine', 'fetchConfig'),
    // Services check the config against its contract (domain/contracts/config.ts) and reject as a failed load does;
    // without one the config is taken as read.
    checkConfig: fromPromise<void, AppConfig>(async () => {}),
  },
  guards: {
    isRegionError: ({ event }) => toConfigLoadError((event as { error?: unknown }).error).kind === 'region',
    // A refreshed config that says the same keeps the shown object, so nothing bound to it (the wallet) reconfigures.
    isChangedConfig: ({ context, event }) => JSON.stringify((event as { output?: unknown }).output) !== JSON.stringify(context.config),
  },
  actions: {
    storeError: assign({ error: ({ event }) => toConfigLoadError((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'config',
  context: { config: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchConfig',
        src: 'fetchConfig',
        onDone: { target: 'ready', actions: assign({ config: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isRegionError', target: 'failed.region', actions: 'storeError' },
          { target: 'failed.general', actions: 'storeError' },
        ],
      },
    },
    ready: {
      invoke: {
        id: 'checkConfig',
        src: 'checkConfig',
        input: ({ context }) => context.config!,
        onError: { target: 'failed.general', actions: 'storeError' },
      },
      initial: 'idle',
      states: {
        idle: { on: { 'config.refresh': 'refreshing' } },
        // The shown config stays while it is read again; a failed read keeps it (the offline status explains why).
        refreshing: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: [
              // A changed config is shown and checked again (ready entered anew).
              { guard: 'isChangedConfig', target: '#config.ready', reenter: true, actions: assign({ config: ({ event }) => event.output }) },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
      },
    },
    failed: {
      initial: 'general',
      on: { 'config.retry': { target: 'loading', actions: assign({ error: null }) } },
      states: {
        // Geofence page: the server says the app is not supported in this region.
        region: {},
        // General error page.
        general: {},
      },
    },
  },
});

export type ConfigMachine = typeof configMachine;
