import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FormDraftParams } from '../forms/formMachine';
import { TRADE_CHILD_ID, tradeSucceeded } from '../dashboard/dashboardTrade';
import { walletAddressGuards, watchWallet, type WalletChangedEvent } from '../system/systemActors';
import type { ChainAction } from '../trading/chainActions';
import { contractActionMachine } from '../trading/contractActionMachine';
import { tradeInput } from '../trading/tradeInput';
import { recipientError, reducedRoyaltiesError } from './royaltiesRules';

// The creator's royalties controls (docs/requirements.md#collection-page): the collection page's royalties controls, run for its creator only. The current
// rate and recipient are read from the collection's contract; Reduce and Transfer run the contract action flow
// (approve in wallet, pending, confirmed or the wallet error catalogue) and, once mined, read the contract again,
// so the page shows the confirmed values.
// Nothing typed is lost offline: the typed values are a draft per account (royaltiesDraftKey): kept on every change (persistDraft),
// read back when the form is ready for a wallet (loadDraft; a value typed meanwhile wins), sent only by Reduce or
// Transfer; a mined action forgets its value, a failed one keeps it. Another wallet starts from its own draft.

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

/** Stored beside the values; a draft of another version is discarded. */
export const ROYALTIES_DRAFT_VERSION = 1;

export interface RoyaltiesDraftRecord {
  version: number;
  basispoints: string;
  recipient: string;
}

/** The draft key of one account's royalties form on one collection. */
export const royaltiesDraftKey = (context: Pick<RoyaltiesContext, 'chainId' | 'collection'>, address: string) =>
  `royalties:${context.chainId}:${context.collection.toLowerCase()}:${address.toLowerCase()}`;

/** The record to keep for the typed values (null: nothing typed, forget it). */
export const royaltiesDraftRecord = ({ basispoints, recipient }: Pick<RoyaltiesContext, RoyaltiesField>): RoyaltiesDraftRecord | null =>
  basispoints === '' && recipient === '' ? null : { version: ROYALTIES_DRAFT_VERSION, basispoints, recipient };

/** The typed values of a stored record, or null when it is not a draft of this version. */
export function restoredRoyaltiesDraft(stored: unknown): Pick<RoyaltiesContext, RoyaltiesField> | null {
  const candidate = stored as Partial<RoyaltiesDraftRecord> | null | undefined;
  if (!candidate || candidate.version !== ROYALTIES_DRAFT_VERSION || typeof candidate.basispoints !== 'string' || typeof candidate.recipient !== 'string') return null;
  return { basispoints: candidate.basispoints, recipient: candidate.recipient };
}

// The draft of the values now, for the account (none without a wallet).
const keepDraft = {
  type: 'persistDraft' as const,
  params: ({ context }: { context: RoyaltiesContext }): FormDraftParams | null =>
    context.address ? { key: royaltiesDraftKey(context, context.address), record: royaltiesDraftRecord(context) } : null,
};

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
    // Provided by the flow: the record stored under the key (checked by restoredRoyaltiesDraft); null when none.
    loadDraft: fromPromise<unknown, string>(async () => null),
  },
  guards: {
    ...walletAddressGuards,
    basispointsInvalid: ({ context }) => reducedRoyaltiesError(context.basispoints, context.current?.basispoints ?? 0) !== null,
    recipientInvalid: ({ context }) => recipientError(context.recipient, context.current?.recipient ?? '') !== null,
    tradeSucceeded,
  },
  actions: {
    // Another wallet: the values typed for the last one are not shown (they stay in its draft).
    assignAddress: assign(({ event }) => (event.type === 'wallet.changed' ? { address: event.address, basispoints: '', recipient: '', errors: NO_ERRORS } : {})),
    restoreDraft: assign(({ event }) => restoredRoyaltiesDraft((event as { output?: unknown }).output) ?? {}),
    // Provided by the flow: keeps the record for a reload (src/services/formDrafts.ts); params null without a wallet.
    persistDraft: (_, _params: FormDraftParams | null) => undefined,
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
  on: { 'wallet.changed': { guard: 'addressDiffers', actions: 'assignAddress' } },
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
      initial: 'restoring',
      states: {
        // The account's draft is read; a value typed meanwhile wins over it.
        restoring: {
          always: { guard: 'hasNoWalletAddress', target: 'editing' },
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => royaltiesDraftKey(context, context.address ?? ''),
            onDone: { target: 'editing', actions: 'restoreDraft' },
            onError: { target: 'editing' },
          },
        },
        editing: {},
      },
      on: {
        'wallet.changed': { guard: 'addressDiffers', target: '.restoring', actions: 'assignAddress' },
        'royalties.input': {
          target: '.editing',
          actions: [assign(({ context, event }) => ({ [event.field]: event.value, errors: { ...context.errors, [event.field]: null } })), keepDraft],
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
        input: ({ context, self }) => tradeInput(self.system, context.action!),
        onDone: [
          // Mined: the typed value is done with (and its draft); the contract is read again so the page shows what it
          // holds now. Not mined: the draft stays.
          {
            guard: 'tradeSucceeded',
            target: 'loading',
            actions: [assign(({ context }) => (context.action?.type === 'reduceRoyalties' ? { basispoints: '' } : { recipient: '' })), keepDraft],
          },
          { target: 'ready' },
        ],
      },
    },
  },
});

export type CollectionRoyaltiesActor = ActorRefFrom<typeof collectionRoyaltiesMachine>;
