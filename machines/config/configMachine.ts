import { assign, fromPromise, setup } from 'xstate';

// Shape of GET /api/v1/config (brief, "REST").
export interface EvmConfig {
  chainId: number;
  name: string;
  providerURL: string;
  symbol: string;
  /** The chain's block explorer from the server config (the view-on-chain link); null or absent on a chain without one. */
  blockExplorerUrl?: string | null;
  contracts: { marketplace: string; collectionFactory: string };
  /** ERC-20s the marketplace accepts for offers besides the native `symbol` (docs/requirements.md#chains, e.g. WETH); absent = none. */
  tokenCurrencies?: TokenCurrency[];
}

export interface TokenCurrency {
  address: string;
  symbol: string;
  decimals: number;
}

export interface AppConfig {
  evms: EvmConfig[];
  ipfs: { urlPrefix: string; thumbnailUrlPrefix: string };
  maxFileSize: number;
  maxVideoSize: number;
  suggestedRoyalty: number;
  isLocalDemoChain: boolean;
  /** The external artist application form ('apply here' on /artists/apply, docs/requirements.md#artists). */
  artistApplicationUrl: string;
  /** The contact form's human check (the editorial pages): Turnstile (production) or the server's own ALTCHA challenge. */
  humanCheck: { provider: 'turnstile' } | { provider: 'altcha' };
  /** The separate origin that serves the generative sandbox page and creator scripts (the content origin for creators' scripts). */
  contentOrigin: string;
}

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

/** The server's config (GET /api/v1/config), loaded at start and refreshed on demand; a failed load waits for a retry. */
export const configMachine = setup({
  types: {
    context: {} as ConfigContext,
    events: {} as ConfigEvent,
    tags: {} as 'loading',
  },
  actors: {
    // Services implement it with an HTTP request that honours the signal and reject with a ConfigLoadError.
    fetchConfig: fromPromise<AppConfig>(async () => {
      throw new Error('configMachine: actor "fetchConfig" not provided');
    }),
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
      initial: 'idle',
      states: {
        idle: { on: { 'config.refresh': 'refreshing' } },
        // The shown config stays while it is read again; a failed read keeps it (the offline status explains why).
        refreshing: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: [
              { guard: 'isChangedConfig', target: 'idle', actions: assign({ config: ({ event }) => event.output }) },
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
