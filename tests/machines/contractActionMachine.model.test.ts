import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { SUCCESS_MESSAGES, type ChainAction } from '../../machines/trading/chainActions';
import {
  APPROVE_IN_WALLET_NOTICE,
  contractActionMachine,
  type CheckActionInput,
  type CheckAllowanceInput,
  type CheckApprovalInput,
  type CheckListingInput,
  type ContractActionContext,
  type ContractActionEmitted,
  type ContractActionInput,
  type ListingOnChain,
  type SubmitCallInput,
  type SwitchChainInput,
  type WaitForReceiptInput,
} from '../../machines/trading/contractActionMachine';
import { TradeCheckError } from '../../machines/trading/tradeCheck';
import { ALREADY_OWNED_MESSAGE } from '../../machines/trading/tradeRules';
import { WALLET_ERROR_MESSAGES } from '../../machines/wallet/constants';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const ACCOUNT = '0x00000000000000000000000000000000000000a1';
const COLLECTION = '0x00000000000000000000000000000000000000c0';
const HASH = '0xfeed';
const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
// viem's decoded revert (simulation) and the services' receipt-reverted error.
const reverted = Object.assign(new Error('execution reverted'), {
  name: 'ContractFunctionExecutionError',
  cause: { name: 'ContractFunctionRevertedError', reason: undefined, data: { errorName: 'Unauthorized' }, shortMessage: 'reverted' },
});
const receiptReverted = { source: 'chain', code: 'CALL_EXCEPTION', message: 'Transaction reverted' };
// The server's trade check refusing the action (POST /api/v1/trade/check → 403).
const refused = new TradeCheckError(ALREADY_OWNED_MESSAGE, 'already_owned');

const sale: ChainAction = { type: 'createSale', chainId: 31337, collection: COLLECTION, tokenId: '3', amount: '1', priceWei: '15000000000000000', currency: 'ETH' };
const purchase: ChainAction = { type: 'makeOffer', chainId: 31337, saleId: '7', tokenId: '3', amount: '1', priceWei: '15000000000000000', currency: 'ETH', purchase: true };
const cancel: ChainAction = { type: 'cancelSale', chainId: 31337, saleId: '7' };
// A token-currency offer (docs/requirements.md#trading-offers makeOfferWithToken): 2 units at 0.015 WETH, the allowance checked first.
const WETH = '0x00000000000000000000000000000000000000e7';
const tokenOffer: ChainAction = { type: 'makeOffer', chainId: 31337, saleId: '7', tokenId: '3', amount: '2', priceWei: '15000000000000000', currency: WETH };

// Sales and purchases are checked by the server first; a cancel has no trading rules and is not.
const scenarios: Array<{ name: string; input: ContractActionInput; success: string }> = [
  { name: 'a sale on the right network (approval needed or already given)', input: { action: sale, account: ACCOUNT, walletChainId: 31337, networkName: 'Hardhat' }, success: SUCCESS_MESSAGES.tokenListed },
  { name: 'a purchase from another network (switched by the app)', input: { action: purchase, account: ACCOUNT, walletChainId: 1, networkName: 'Hardhat' }, success: SUCCESS_MESSAGES.purchaseSuccessful },
  { name: 'a WETH offer on the right network (allowance short or enough)', input: { action: tokenOffer, account: ACCOUNT, walletChainId: 31337, networkName: 'Hardhat' }, success: SUCCESS_MESSAGES.offerPlaced },
  { name: 'a cancel on mobile from another network (switched by the user)', input: { action: cancel, account: ACCOUNT, walletChainId: 1, networkName: 'Hardhat', isMobile: true }, success: SUCCESS_MESSAGES.saleCancelled },
];

const SELLER = '0x00000000000000000000000000000000000000b2';
const listing = (overrides: Partial<ListingOnChain>): ListingOnChain => ({ seller: SELLER, amount: '1', price: '15000000000000000', cancelled: false, active: true, ...overrides });
// What a purchase stopped by a changed listing says (nothing was signed).
const LISTING_MESSAGES = [
  'This token was just sold to someone else. Nothing was signed.',
  'This listing was just cancelled. Nothing was signed.',
  'The price changed to 0.02 ETH. Nothing was signed: check the new price and buy again.',
  'The price changed to 0.008 ETH. Nothing was signed: check the new price and buy again.',
];

const modelEvents = () => [
  { type: 'xstate.done.actor.checkAction' },
  { type: 'xstate.error.actor.checkAction', error: refused },
  { type: 'xstate.done.actor.checkApproval', output: true },
  { type: 'xstate.done.actor.checkApproval', output: false },
  { type: 'xstate.error.actor.checkApproval', error: reverted },
  { type: 'xstate.done.actor.checkAllowance', output: true },
  { type: 'xstate.done.actor.checkAllowance', output: false },
  { type: 'xstate.error.actor.checkAllowance', error: reverted },
  { type: 'xstate.done.actor.switchChain' },
  { type: 'xstate.error.actor.switchChain', error: rejected },
  { type: 'xstate.done.actor.submitCall', output: HASH },
  { type: 'xstate.error.actor.submitCall', error: rejected },
  { type: 'xstate.error.actor.submitCall', error: reverted },
  { type: 'xstate.done.actor.waitForReceipt' },
  { type: 'xstate.error.actor.waitForReceipt', error: receiptReverted },
  // A purchase's listing read on chain right before the wallet: as shown, sold out, cancelled, repriced.
  { type: 'xstate.done.actor.checkListing', output: listing({}) },
  { type: 'xstate.done.actor.checkListing', output: listing({ amount: '0', active: false }) },
  { type: 'xstate.done.actor.checkListing', output: listing({ cancelled: true, active: false }) },
  { type: 'xstate.done.actor.checkListing', output: listing({ price: '20000000000000000' }) },
  { type: 'xstate.error.actor.checkListing', error: reverted },
  // The purchase's page heard the listing change (a purchase only: other actions ignore it).
  { type: 'listing.changed', change: { kind: 'sold' } },
  { type: 'listing.changed', change: { kind: 'price', priceWei: '8000000000000000' } },
  { type: 'wallet.changed', address: '0x1', chainId: 31337 },
  { type: 'wallet.changed', address: '0x1', chainId: 5 },
  { type: 'action.cancel' },
];

const ctx = (state: AnyMachineSnapshot) => state.context as ContractActionContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: ctx(state) });

describe('contractActionMachine (model-based)', () => {
  // One graph per scenario; their paths together exercise every state and event of the machine.
  const paths = scenarios.flatMap(({ input }) => modelPaths(createMachineTestModel(contractActionMachine, { input, project, events: modelEvents })));

  function harness() {
    let input = scenarios[0]!.input;
    let success = scenarios[0]!.success;
    const checkAction = controlled<void, CheckActionInput>();
    const switchChain = controlled<void, SwitchChainInput>();
    const checkApproval = controlled<boolean, CheckApprovalInput>();
    const checkAllowance = controlled<boolean, CheckAllowanceInput>();
    const submitCall = controlled<string, SubmitCallInput>();
    const waitForReceipt = controlled<void, WaitForReceiptInput>();
    const checkListing = controlled<ListingOnChain, CheckListingInput>();
    const emitted: ContractActionEmitted[] = [];
    const machine = contractActionMachine.provide({
      actors: { checkAction: checkAction.logic, switchChain: switchChain.logic, checkApproval: checkApproval.logic, checkAllowance: checkAllowance.logic, submitCall: submitCall.logic, waitForReceipt: waitForReceipt.logic, checkListing: checkListing.logic },
    });
    let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
    const real = () => actor!.getSnapshot();
    const send = (step: { event: { type: string } }) => actor!.send(step.event as never);
    const settle = (call: { resolve(value: never): void; reject(reason: unknown): void }, event: { type: string; output?: unknown; error?: unknown }) =>
      event.type.startsWith('xstate.error') ? call.reject(event.error) : call.resolve(event.output as never);
    const stickies = () => {
      // Sticky notices still shown: notified and not yet dismissed.
      const open: string[] = [];
      for (const e of emitted) {
        if (e.type === 'trade.notify' && e.kind === 'sticky') open.push(e.text);
        if (e.type === 'trade.dismissSticky') open.splice(open.indexOf(e.text), 1);
      }
      return open;
    };
    const networkText = () => (input.isMobile ? "Please switch to 'Hardhat' network in your wallet" : "Switching to 'Hardhat' network");
    const notices = (kind: string) => emitted.filter((e) => e.type === 'trade.notify' && e.kind === kind).map((e) => (e as { text: string }).text);

    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': (step: { state: AnyMachineSnapshot }) => {
            // The path's own scenario: its first snapshot carries the input.
            const scenario = scenarios.find((entry) => entry.input.action === ctx(step.state).action)!;
            ({ input, success } = scenario);
            actor = createActor(machine, { input });
            actor.on('*', (event) => emitted.push(event));
            actor.start();
          },
          'xstate.done.actor.checkAction': async (step: { event: { type: string } }) => {
            expect(checkAction.last().input).toEqual({ action: input.action, account: ACCOUNT });
            settle(checkAction.last(), step.event);
            await flush();
          },
          'xstate.error.actor.checkAction': async (step: { event: { type: string } }) => {
            settle(checkAction.last(), step.event);
            await flush();
          },
          'xstate.done.actor.switchChain': async (step: { event: { type: string } }) => {
            expect(switchChain.last().input).toEqual({ chainId: 31337 });
            settle(switchChain.last(), step.event);
            await flush();
          },
          'xstate.error.actor.switchChain': async (step: { event: { type: string } }) => {
            settle(switchChain.last(), step.event);
            await flush();
          },
          'xstate.done.actor.checkApproval': async (step: { event: { type: string } }) => {
            expect(checkApproval.last().input).toEqual({ chainId: 31337, collection: COLLECTION, owner: ACCOUNT });
            settle(checkApproval.last(), step.event);
            await flush();
          },
          'xstate.error.actor.checkApproval': async (step: { event: { type: string } }) => {
            settle(checkApproval.last(), step.event);
            await flush();
          },
          'xstate.done.actor.checkAllowance': async (step: { event: { type: string } }) => {
            // The offer's total (price × amount) against the account's allowance to the marketplace.
            expect(checkAllowance.last().input).toEqual({ chainId: 31337, token: WETH, owner: ACCOUNT, amount: '30000000000000000' });
            settle(checkAllowance.last(), step.event);
            await flush();
          },
          'xstate.error.actor.checkAllowance': async (step: { event: { type: string } }) => {
            settle(checkAllowance.last(), step.event);
            await flush();
          },
          'xstate.done.actor.submitCall': async (step: { event: { type: string } }) => {
            const { call, account } = submitCall.last().input;
            expect(account).toBe(ACCOUNT);
            expect(call).toEqual(ctx(real()).steps[ctx(real()).stepIndex]);
            settle(submitCall.last(), step.event);
            await flush();
          },
          'xstate.error.actor.submitCall': async (step: { event: { type: string } }) => {
            settle(submitCall.last(), step.event);
            await flush();
          },
          'xstate.done.actor.waitForReceipt': async (step: { event: { type: string } }) => {
            expect(waitForReceipt.last().input).toEqual({ chainId: 31337, hash: HASH });
            settle(waitForReceipt.last(), step.event);
            await flush();
          },
          'xstate.error.actor.waitForReceipt': async (step: { event: { type: string } }) => {
            settle(waitForReceipt.last(), step.event);
            await flush();
          },
          'xstate.done.actor.checkListing': async (step: { event: { type: string } }) => {
            expect(checkListing.last().input).toEqual({ chainId: 31337, saleId: '7' });
            settle(checkListing.last(), step.event);
            await flush();
          },
          'xstate.error.actor.checkListing': async (step: { event: { type: string } }) => {
            settle(checkListing.last(), step.event);
            await flush();
          },
          'listing.changed': send,
          'wallet.changed': send,
          'action.cancel': send,
        },
        states: checkedStates(real, project, {
          screening: () => {
            throw new Error('screening is transient');
          },
          checking: (snap) => {
            // Before every wallet step: no notice, no network switch, nothing sent.
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.hasTag('wallet')).toBe(false);
            expect(stickies()).toEqual([]);
            expect(checkAction.calls).toHaveLength(1);
            expect(switchChain.calls).toHaveLength(0);
            expect(checkApproval.calls).toHaveLength(0);
            expect(submitCall.calls).toHaveLength(0);
          },
          starting: () => {
            throw new Error('starting is transient');
          },
          network: (snap) => {
            expect(snap.hasTag('wallet')).toBe(true);
            expect(stickies()).toEqual([networkText()]);
          },
          'network.deciding': () => {
            throw new Error('deciding is transient');
          },
          'network.switching': () => {
            expect(switchChain.calls).toHaveLength(1);
          },
          'network.waitingForUser': (snap) => {
            expect(switchChain.calls).toHaveLength(0);
            expect(snap.can({ type: 'wallet.changed', address: '0x1', chainId: 5 })).toBe(false);
          },
          ready: () => {
            throw new Error('ready is transient');
          },
          checkingApproval: (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(stickies()).toEqual([]);
            expect(submitCall.calls).toHaveLength(0);
          },
          checkingListing: (snap) => {
            // A purchase, after the server's check and the network, before the wallet signs anything.
            expect(ctx(snap).action).toBe(purchase);
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.hasTag('wallet')).toBe(false);
            expect(stickies()).toEqual([]);
            expect(checkAction.calls).toHaveLength(1);
            expect(checkListing.calls).toHaveLength(1);
            expect(submitCall.calls).toHaveLength(0);
          },
          checkingAllowance: (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.hasTag('wallet')).toBe(false);
            expect(stickies()).toEqual([]);
            expect(checkAction.calls).toHaveLength(1);
            expect(checkAllowance.calls).toHaveLength(1);
            expect(checkApproval.calls).toHaveLength(0);
            expect(submitCall.calls).toHaveLength(0);
          },
          signing: (snap) => {
            expect(snap.hasTag('wallet')).toBe(true);
            // Only actions with trading rules were checked, and the check came first.
            expect(checkAction.calls).toHaveLength(input.action.type === 'cancelSale' ? 0 : 1);
            // A purchase signs only once its listing was read on chain as shown.
            expect(checkListing.calls).toHaveLength(ctx(snap).action === purchase ? 1 : 0);
            expect(stickies()).toEqual([APPROVE_IN_WALLET_NOTICE]);
            const step = ctx(snap).steps[ctx(snap).stepIndex]!;
            expect(submitCall.last().input.call).toEqual(step);
            // A sale's approval (a token offer's allowance) always comes first and only when it was missing.
            if (ctx(snap).steps.length === 2) {
              const tokenOffered = ctx(snap).action === tokenOffer;
              expect(ctx(snap).steps[0]).toEqual(
                tokenOffered ? { type: 'approveToken', chainId: 31337, token: WETH, amount: '30000000000000000' } : { type: 'setApprovalForAll', chainId: 31337, collection: COLLECTION },
              );
            }
          },
          mining: (snap) => {
            expect(snap.hasTag('pending')).toBe(true);
            expect(stickies()).toEqual([]);
            expect(ctx(snap).hash).toBe(HASH);
          },
          succeeded: (snap) => {
            expect(snap.status).toBe('done');
            expect(stickies()).toEqual([]);
            expect(notices('success')).toEqual([success]);
            expect(submitCall.calls).toHaveLength(ctx(snap).steps.length);
            expect(notices('error')).toEqual([]);
          },
          failed: (snap) => {
            expect(snap.status).toBe('done');
            expect(stickies()).toEqual([]);
            const error = ctx(snap).error!;
            expect(notices('error')).toEqual([error.message]);
            expect(notices('success')).toEqual([]);
            if (error.source === 'server') {
              // A refused check: the server's message, and the wallet was never asked for anything.
              expect(error).toEqual({ message: ALREADY_OWNED_MESSAGE, code: 'already_owned', source: 'server' });
              expect(switchChain.calls).toHaveLength(0);
              expect(checkApproval.calls).toHaveLength(0);
              expect(submitCall.calls).toHaveLength(0);
            } else if (error.code === 'LISTING_CHANGED') {
              // A purchase whose listing changed: stopped before the wallet signed anything.
              expect(ctx(snap).action).toBe(purchase);
              expect(LISTING_MESSAGES).toContain(error.message);
              expect(submitCall.calls).toHaveLength(0);
            } else if (error.source === 'wallet') expect(error.message).toBe(WALLET_ERROR_MESSAGES.userRejected);
            else expect(['Unauthorized', 'Transaction reverted']).toContain(error.message);
            if (error.source === 'chain') expect(error.code).not.toBeNull();
          },
          cancelled: (snap) => {
            expect(snap.status).toBe('done');
            expect(stickies()).toEqual([]);
            expect(emitted.filter((e) => e.type === 'trade.notify' && e.kind !== 'sticky')).toEqual([]);
          },
        }),
      },
    };
  }

  modelCoverageTests(contractActionMachine, paths, harness);
});
