import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { contractActionInputOf, TRADE_CHILD_ID, tradeSucceeded } from '../dashboard/dashboardTrade';
import { watchWallet, type WalletChangedEvent } from '../system/systemActors';
import type { ChainAction } from '../trading/chainActions';
import { contractActionMachine } from '../trading/contractActionMachine';
import { recipientError, reducedRoyaltiesError } from './royaltiesRules';

// Issue 17 item 7a (seed 000 §6): the collection page's royalties controls, run for its creator only. The current
// rate and recipient are read from the collection's contract; Reduce and Transfer run the contract action flow
// (approve in wallet, pending, confirmed or the wallet error catalogue) and, once mined, read the contract again,
// so the page shows the confirmed values.

export interface RoyaltiesInput {
  chainId: number;
  /** The collection's contract address. */
  collection: string;
}

export interface Royalties {
  basispoints: number;
  recipient: string;
}

export type RoyaltiesField = 'basispoints' | 'recipient';

export interface RoyaltiesContext extends RoyaltiesInput {
  /** The connected wallet's address, as the wallet watcher reports it (the sender of both actions). */
  address: string | null;
  /** What the contract says now; null until read. */
  current: Royalties | null;
  /** The typed values and their messages (null: valid or not checked yet). */
  basispoints: string;
  recipient: string;
  errors: Record<RoyaltiesField, string | null>;
  /** The action running or last run. */
  action: ChainAction | null;
}

export type RoyaltiesEvent =
  | { type: 'royalties.input'; field: RoyaltiesField; value: string }
  | { type: 'royalties.reduce' }
  | { type: 'royalties.transfer' }
  | { type: 'royalties.retry' }
  | WalletChangedEvent;

const NO_ERRORS: Record<RoyaltiesField, string | null> = { basispoints: null, recipient: null };

export const collectionRoyaltiesMachine = setup({
  types: {
    input: {} as RoyaltiesInput,
    context: {} as RoyaltiesContext,
    events: {} as RoyaltiesEvent,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    // Provided by src/services/flows/collection.ts: the contract's royaltiesBasispoints() and royaltiesRecipient().
    readRoyalties: fromPromise<Royalties, RoyaltiesInput>(async () => {
      throw new Error('readRoyalties is provided by src/services/flows/collection.ts');
    }),
    contractAction: contractActionMachine,
    watchWallet,
  },
  guards: {
    hasWalletAddress: ({ context }) => context.address !== null,
    basispointsInvalid: ({ context }) => reducedRoyaltiesError(context.basispoints, context.current?.basispoints ?? 0) !== null,
    recipientInvalid: ({ context }) => recipientError(context.recipient, context.current?.recipient ?? '') !== null,
    tradeSucceeded,
  },
  actions: {
    checkBasispoints: assign({
      errors: ({ context }) => ({ ...context.errors, basispoints: reducedRoyaltiesError(context.basispoints, context.current?.basispoints ?? 0) }),
    }),
    checkRecipient: assign({
      errors: ({ context }) => ({ ...context.errors, recipient: recipientError(context.recipient, context.current?.recipient ?? '') }),
    }),
  },
}).createMachine({
  id: 'collectionRoyalties',
  context: ({ input }) => ({ ...input, address: null, current: null, basispoints: '', recipient: '', errors: NO_ERRORS, action: null }),
  invoke: { src: 'watchWallet' },
  on: { 'wallet.changed': { actions: assign({ address: ({ event }) => event.address }) } },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'readRoyalties',
        src: 'readRoyalties',
        input: ({ context }) => ({ chainId: context.chainId, collection: context.collection }),
        onDone: { target: 'ready', actions: assign({ current: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'royalties.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'royalties.input': {
          actions: assign(({ context, event }) => ({ [event.field]: event.value, errors: { ...context.errors, [event.field]: null } })),
        },
        'royalties.reduce': [
          { guard: 'basispointsInvalid', actions: 'checkBasispoints' },
          {
            guard: 'hasWalletAddress',
            target: 'running',
            actions: assign({
              action: ({ context }) => ({ type: 'reduceRoyalties', chainId: context.chainId, collection: context.collection, basispoints: Number(context.basispoints.trim()) }),
            }),
          },
        ],
        'royalties.transfer': [
          { guard: 'recipientInvalid', actions: 'checkRecipient' },
          {
            guard: 'hasWalletAddress',
            target: 'running',
            actions: assign({
              action: ({ context }) => ({ type: 'transferRoyaltiesRecipient', chainId: context.chainId, collection: context.collection, recipient: context.recipient.trim() }),
            }),
          },
        ],
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: TRADE_CHILD_ID,
        src: 'contractAction',
        input: ({ context, self }) => contractActionInputOf(context.action!, self.system),
        onDone: [
          // Mined: the typed value is done with; the contract is read again so the page shows what it holds now.
          {
            guard: 'tradeSucceeded',
            target: 'loading',
            actions: assign(({ context }) => (context.action?.type === 'reduceRoyalties' ? { basispoints: '' } : { recipient: '' })),
          },
          { target: 'ready' },
        ],
      },
    },
  },
});

export type CollectionRoyaltiesActor = ActorRefFrom<typeof collectionRoyaltiesMachine>;
