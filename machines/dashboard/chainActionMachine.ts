import { assign, setup, type ActorRefFrom } from 'xstate';
import { watchWallet, type WalletChangedEvent } from '../system/systemActors';
import type { ChainAction } from '../trading/chainActions';
import { contractActionMachine } from '../trading/contractActionMachine';
import { tradeInput } from '../trading/tradeInput';
import { listsChangedThroughSystem, TRADE_CHILD_ID, tradeSucceeded } from './dashboardTrade';

export interface ChainActionInput {
  /** The offer row's action: Accept (acceptOffer) or Retract (retractOffer). */
  action: ChainAction;
}

export interface ChainActionContext {
  action: ChainAction;
  /** The connected wallet's address, as the wallet watcher reports it. */
  address: string | null;
}

/** `wallet.changed` comes from the invoked wallet watcher. */
export type ChainActionEvent = { type: 'action.run' } | WalletChangedEvent;

/**
 * One contract action of a dashboard offer row (Accept, Retract): idle → running (the contractAction child: server
 * check, network, wallet, receipt, notices) → done (its success text; the lists refetch once the indexer recorded
 * it), or back to idle when it failed or was cancelled. Without a wallet address Run does nothing.
 */
export const chainActionMachine = setup({
  types: {
    input: {} as ChainActionInput,
    context: {} as ChainActionContext,
    events: {} as ChainActionEvent,
    tags: {} as 'busy',
  },
  actors: { contractAction: contractActionMachine, watchWallet },
  guards: {
    hasWalletAddress: ({ context }) => context.address !== null,
    tradeSucceeded,
  },
  actions: {
    // The liveEvents actor tells every list to refetch after its refresh delay (the indexer's time to record it).
    refreshListsSoon: ({ system }) => listsChangedThroughSystem(system),
  },
}).createMachine({
  id: 'dashboardChainAction',
  context: ({ input }) => ({ action: input.action, address: null }),
  invoke: { src: 'watchWallet' },
  on: { 'wallet.changed': { actions: assign({ address: ({ event }) => event.address }) } },
  initial: 'idle',
  states: {
    idle: {
      on: { 'action.run': { guard: 'hasWalletAddress', target: 'running' } },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: TRADE_CHILD_ID,
        src: 'contractAction',
        input: ({ context, self }) => tradeInput(self.system, context.action),
        onDone: [{ guard: 'tradeSucceeded', target: 'done' }, { target: 'idle' }],
      },
    },
    done: { type: 'final', entry: 'refreshListsSoon' },
  },
});

export type ChainActionActor = ActorRefFrom<typeof chainActionMachine>;
