import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_NATIVE_SYMBOL } from '../../domain/nativeCurrency';
import type { NotificationKind } from '../notifications/constants';
import { switchingNetworkNotice, switchNetworkInWalletNotice } from '../wallet/constants';
import { isSaleAction, isTokenOffer, stepsOf, tokenOfferTotal, successMessage, type ChainAction, type ContractCall } from './chainActions';
import { changeOnChain, listingChangeError, type CheckListingInput, type ListingChange, type ListingOnChain } from './listingCheck';
import { tradeCheckOf, type CheckActionInput } from './tradeCheck';
import { tradeErrorOf, type TradeError } from './tradeErrors';
import { dismissStickyThroughSystem, notifyThroughSystem, watchWallet, type WalletChangedEvent } from '../system/systemActors';
import type { SystemLike } from '../system/systemRegistry';

// See docs/requirements.md#trading-offers: server check of the trading rules → network → (approval, or for a token
// offer the ERC-20 allowance, or for a purchase its listing read on chain) → each wallet step signed, then mined →
// notice. A purchase whose listing changed (on chain, or heard live: listing.changed) ends before anything is signed.
export const APPROVE_IN_WALLET_NOTICE = 'Approve in wallet';

export interface ContractActionInput {
  action: ChainAction;
  /** The connected wallet's address (sender of every step). */
  account: string;
  /** The chain the wallet is on now; another chain than the action's is switched first. */
  walletChainId: number | null;
  networkName: string;
  /** Mobile wallets cannot be switched by the app: the user is asked to switch and the flow waits. */
  isMobile?: boolean;
  /** The action's chain's native currency symbol (the public config's), for a purchase's new price; ETH by default. */
  nativeSymbol?: string;
}

export type { CheckActionInput } from './tradeCheck';
export type { CheckListingInput, ListingChange, ListingOnChain } from './listingCheck';

export interface SwitchChainInput {
  chainId: number;
}
export interface CheckApprovalInput {
  chainId: number;
  collection: string;
  owner: string;
}
/** A token offer's allowance check: does `owner`'s allowance to the marketplace cover `amount` (base units)? */
export interface CheckAllowanceInput {
  chainId: number;
  token: string;
  owner: string;
  amount: string;
}
export interface SubmitCallInput {
  call: ContractCall;
  account: string;
}
export interface WaitForReceiptInput {
  chainId: number;
  hash: string;
}

export interface ContractActionContext extends ContractActionInput {
  isMobile: boolean;
  steps: ContractCall[];
  stepIndex: number;
  hash: string | null;
  error: TradeError | null;
}

/**
 * `wallet.changed` comes from the invoked wallet watcher (the session's chain after the user switched);
 * `listing.changed` from the page that runs a purchase, when it hears its listing was sold, cancelled or repriced.
 */
export type ContractActionEvent = { type: 'action.cancel' } | WalletChangedEvent | { type: 'listing.changed'; change: ListingChange };

export type ContractActionEmitted = { type: 'trade.notify'; kind: NotificationKind; text: string } | { type: 'trade.dismissSticky'; text: string };

export type ContractActionTag = 'busy' | 'wallet' | 'pending';

type NoticeEnqueue = { emit(event: ContractActionEmitted): void };
function notice(enqueue: NoticeEnqueue, system: SystemLike, kind: NotificationKind, text: string) {
  enqueue.emit({ type: 'trade.notify', kind, text });
  notifyThroughSystem(system, kind, text);
}
function dismiss(enqueue: NoticeEnqueue, system: SystemLike, text: string) {
  enqueue.emit({ type: 'trade.dismissSticky', text });
  dismissStickyThroughSystem(system, text);
}

/** The sale and price a purchase is for (only asked of a purchase: a makeOffer action). */
function purchaseTerms(context: ContractActionContext) {
  const action = context.action as Extract<ChainAction, { type: 'makeOffer' }>;
  return { saleId: action.saleId, priceWei: action.priceWei };
}

// Before the wallet is asked to sign, a change heard live ends a purchase (only a purchase's page sends it).
const LISTING_CHANGED = { 'listing.changed': { guard: 'isPurchase', target: '#contractAction.failed', actions: 'assignChangeHeard' } } as const;

const networkNotice = ({ context }: { context: ContractActionContext }) =>
  context.isMobile ? switchNetworkInWalletNotice(context.networkName) : switchingNetworkNotice(context.networkName);


export const contractActionMachine = setup({
  types: {
    input: {} as ContractActionInput,
    context: {} as ContractActionContext,
    events: {} as ContractActionEvent,
    emitted: {} as ContractActionEmitted,
    tags: {} as ContractActionTag,
    output: {} as { error: TradeError | null; hash: string | null },
  },
  actors: {
    // Effects provided by src/services/chain (through the lazily loaded wallet stack).
    // Resolves when the server's trade check (POST /api/v1/trade/check) accepts; rejects with its refusal.
    checkAction: fromPromise<void, CheckActionInput>(async () => {
      throw new Error('checkAction is provided by src/services/chain');
    }),
    switchChain: fromPromise<void, SwitchChainInput>(async () => {
      throw new Error('switchChain is provided by src/services/chain');
    }),
    checkApproval: fromPromise<boolean, CheckApprovalInput>(async () => {
      throw new Error('checkApproval is provided by src/services/chain');
    }),
    checkAllowance: fromPromise<boolean, CheckAllowanceInput>(async () => {
      throw new Error('checkAllowance is provided by src/services/chain');
    }),
    submitCall: fromPromise<string, SubmitCallInput>(async () => {
      throw new Error('submitCall is provided by src/services/chain');
    }),
    waitForReceipt: fromPromise<void, WaitForReceiptInput>(async () => {
      throw new Error('waitForReceipt is provided by src/services/chain');
    }),
    // A purchase's listing as the marketplace contract has it now (getSale).
    checkListing: fromPromise<ListingOnChain, CheckListingInput>(async () => {
      throw new Error('checkListing is provided by src/services/chain');
    }),
    // The wallet session's chain changes, read through the actor system (silent without one).
    watchWallet,
  },
  guards: {
    // Orders, offers and listings have trading rules; cancel, accept and retract go straight on.
    hasTradeRules: ({ context }) => tradeCheckOf(context.action) !== null,
    needsSwitch: ({ context }) => context.walletChainId !== context.action.chainId,
    isMobile: ({ context }) => context.isMobile,
    isSale: ({ context }) => isSaleAction(context.action),
    isTokenOffer: ({ context }) => isTokenOffer(context.action),
    isPurchase: ({ context }) => context.action.type === 'makeOffer' && context.action.purchase === true,
    // The listing on chain is the one the buyer saw: same sale, still open, same price.
    listingAsShown: ({ context, event }) => changeOnChain(purchaseTerms(context), (event as unknown as { output: ListingOnChain }).output) === null,
    isTargetChain: ({ context, event }) => event.type === 'wallet.changed' && event.chainId === context.action.chainId,
    hasMoreSteps: ({ context }) => context.stepIndex + 1 < context.steps.length,
  },
  actions: {
    // Named so every onError shares it; the error events are not in the machine's own event union.
    assignError: assign({ error: ({ event }) => tradeErrorOf((event as unknown as { error?: unknown }).error) }),
    // The listing read on chain differs from what the buyer saw.
    assignChangeOnChain: assign({
      error: ({ context, event }) => listingChangeError(changeOnChain(purchaseTerms(context), (event as unknown as { output: ListingOnChain }).output)!, context.nativeSymbol ?? DEFAULT_NATIVE_SYMBOL),
    }),
    // The page heard the listing change.
    assignChangeHeard: assign({
      error: ({ context, event }) => (event.type === 'listing.changed' ? listingChangeError(event.change, context.nativeSymbol ?? DEFAULT_NATIVE_SYMBOL) : context.error),
    }),
    // Every notice is emitted (for observers) and shown by the system's notifications actor, so a run started by
    // a page keeps announcing its outcome after the page is gone.
    showNetworkNotice: enqueueActions(({ context, enqueue, system }) => notice(enqueue, system, 'sticky', networkNotice({ context }))),
    dismissNetworkNotice: enqueueActions(({ context, enqueue, system }) => dismiss(enqueue, system, networkNotice({ context }))),
    showApproveNotice: enqueueActions(({ enqueue, system }) => notice(enqueue, system, 'sticky', APPROVE_IN_WALLET_NOTICE)),
    dismissApproveNotice: enqueueActions(({ enqueue, system }) => dismiss(enqueue, system, APPROVE_IN_WALLET_NOTICE)),
    notifySuccess: enqueueActions(({ context, enqueue, system }) => {
      const text = successMessage(context.action);
      if (text !== null) notice(enqueue, system, 'success', text);
    }),
    notifyError: enqueueActions(({ context, enqueue, system }) => notice(enqueue, system, 'error', context.error?.message ?? '')),
  },
}).createMachine({
  id: 'contractAction',
  context: ({ input }) => ({
    ...input,
    isMobile: input.isMobile ?? false,
    // Until the approval is known a sale's steps are its own call only; checkApproval sets them.
    steps: stepsOf(input.action, true),
    stepIndex: 0,
    hash: null,
    error: null,
  }),
  initial: 'screening',
  states: {
    screening: {
      always: [{ guard: 'hasTradeRules', target: 'checking' }, { target: 'starting' }],
    },
    // Before any wallet step (even the network switch): a refusal fails the action, nothing reaches the wallet.
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkAction',
        src: 'checkAction',
        input: ({ context }) => ({ action: context.action, account: context.account }),
        onDone: { target: 'starting' },
        onError: { target: 'failed', actions: 'assignError' },
      },
      on: LISTING_CHANGED,
    },
    starting: {
      always: [
        { guard: 'needsSwitch', target: 'network' },
        { target: 'ready' },
      ],
    },
    network: {
      tags: ['busy', 'wallet'],
      entry: 'showNetworkNotice',
      exit: 'dismissNetworkNotice',
      on: LISTING_CHANGED,
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isMobile', target: 'waitingForUser' }, { target: 'switching' }],
        },
        switching: {
          invoke: {
            id: 'switchChain',
            src: 'switchChain',
            input: ({ context }) => ({ chainId: context.action.chainId }),
            onDone: { target: '#contractAction.ready', actions: assign({ walletChainId: ({ context }) => context.action.chainId }) },
            onError: { target: '#contractAction.failed', actions: 'assignError' },
          },
        },
        // Mobile: the user switches in the wallet; the wallet session reports the new chain.
        waitingForUser: {
          invoke: { id: 'watchWallet', src: 'watchWallet' },
          on: {
            'wallet.changed': {
              guard: 'isTargetChain',
              target: '#contractAction.ready',
              actions: assign({ walletChainId: ({ event }) => (event as WalletChangedEvent).chainId }),
            },
            'action.cancel': '#contractAction.cancelled',
          },
        },
      },
    },
    ready: {
      always: [
        { guard: 'isSale', target: 'checkingApproval' },
        { guard: 'isTokenOffer', target: 'checkingAllowance' },
        { guard: 'isPurchase', target: 'checkingListing' },
        { target: 'signing' },
      ],
    },
    // A purchase, right before the wallet: the listing on chain must be the one the buyer saw (a price raised since
    // would turn the purchase into an offer; a price lowered would pay more than asked).
    checkingListing: {
      tags: 'busy',
      invoke: {
        id: 'checkListing',
        src: 'checkListing',
        input: ({ context }) => ({ chainId: context.action.chainId, saleId: purchaseTerms(context).saleId }),
        onDone: [{ guard: 'listingAsShown', target: 'signing' }, { target: 'failed', actions: 'assignChangeOnChain' }],
        onError: { target: 'failed', actions: 'assignError' },
      },
      on: LISTING_CHANGED,
    },
    // A token-currency offer: approve the marketplace for the offer's total first when the allowance is short.
    checkingAllowance: {
      tags: 'busy',
      invoke: {
        id: 'checkAllowance',
        src: 'checkAllowance',
        input: ({ context }) => {
          const action = context.action as Parameters<typeof tokenOfferTotal>[0];
          return { chainId: action.chainId, token: action.currency, owner: context.account, amount: tokenOfferTotal(action) };
        },
        onDone: { target: 'signing', actions: assign({ steps: ({ context, event }) => stepsOf(context.action, event.output) }) },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    checkingApproval: {
      tags: 'busy',
      invoke: {
        id: 'checkApproval',
        src: 'checkApproval',
        input: ({ context }) => {
          const action = context.action as Extract<ChainAction, { collection: string }>;
          return { chainId: action.chainId, collection: action.collection, owner: context.account };
        },
        onDone: { target: 'signing', actions: assign({ steps: ({ context, event }) => stepsOf(context.action, event.output) }) },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    signing: {
      tags: ['busy', 'wallet'],
      entry: 'showApproveNotice',
      exit: 'dismissApproveNotice',
      invoke: {
        id: 'submitCall',
        src: 'submitCall',
        input: ({ context }) => ({ call: context.steps[context.stepIndex]!, account: context.account }),
        onDone: { target: 'mining', actions: assign({ hash: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    mining: {
      tags: ['busy', 'pending'],
      invoke: {
        id: 'waitForReceipt',
        src: 'waitForReceipt',
        input: ({ context }) => ({ chainId: context.action.chainId, hash: context.hash ?? '' }),
        onDone: [
          { guard: 'hasMoreSteps', target: 'signing', actions: assign({ stepIndex: ({ context }) => context.stepIndex + 1, hash: null }) },
          { target: 'succeeded' },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    succeeded: { type: 'final', entry: 'notifySuccess' },
    failed: { type: 'final', entry: 'notifyError' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ error: context.error, hash: context.hash }),
});

export type ContractActionMachine = typeof contractActionMachine;
export type ContractActionActor = ActorRefFrom<typeof contractActionMachine>;
