import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ContractActionInput } from '../../machines/trading/contractActionMachine';
import {
  offerMachine,
  offerRowOf,
  offerUnavailableNotice,
  type OfferContext,
  type OfferEvent,
  type OfferFacts,
} from '../../machines/trading/offerMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';
import { startInFakeSystem, VISITOR, type FakeWallet } from './tokenPageFakeSystem';

// Accept and Retract on a token page's offers (docs/requirements.md#trading-offers only the seller accepts): the real machine in
// a stand-in of the app's system, the viewer from the fake wallet session, the contractAction child faked.

const SELLER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = { tokenId: '3', chainId: 31337 };
const MADE: OfferFacts = { saleId: '4', buyer: { address: BUYER.toLowerCase() }, seller: SELLER, price: { amount: '10000000000000000', currency: 'ETH' }, state: 'made' };
// The sale was cancelled: the buyer's funds wait for a Retract.
const INVALIDATED: OfferFacts = { ...MADE, saleId: '5', seller: { address: SELLER }, state: 'invalidated' };
const RETRACTED: OfferFacts = { ...MADE, saleId: '6', state: 'retracted' };

const wallets: Record<string, FakeWallet> = {
  visitor: VISITOR,
  seller: { address: SELLER, chainId: 31337, registered: true, banned: false },
  buyer: { address: BUYER, chainId: 31337, registered: true, banned: false },
};
const walletName = (address: string | null) => (address === null ? 'visitor' : address === SELLER ? 'seller' : 'buyer');

const ctx = (state: AnyMachineSnapshot) => state.context as OfferContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: ctx(state) });
const SUCCEEDED = { error: null, hash: '0xfeed' };
const FAILED = { error: { message: 'You rejected the transaction in your wallet' }, hash: null };

const variants = (): EventObject[] => ([
  ...Object.values(wallets).map((wallet) => ({ type: 'viewer.changed', viewer: { address: wallet.address, registered: wallet.registered, banned: wallet.banned } })),
  ...[MADE, INVALIDATED, RETRACTED].flatMap((offer) => [
    { type: 'offer.accept', offer },
    { type: 'offer.retract', offer },
  ]),
  { type: 'xstate.done.actor.trade', output: SUCCEEDED },
  { type: 'xstate.done.actor.trade', output: FAILED },
  { type: 'xstate.error.actor.trade', error: new Error('wallet stack failed to load') },
] as unknown as EventObject[]);

const model = createMachineTestModel(offerMachine, {
  input: { token },
  project,
  events: variants,
  // The child's outcome arrives only while it runs.
  filterEvents: (state, event) => !(event.type.endsWith('.actor.trade') && state.matches('idle')),
});
const paths = model.getShortestPaths();

/** What each listed offer shows for the viewer of `snap` (the rule the rows select). */
function expectRows(snap: AnyMachineSnapshot) {
  const { viewer, settled } = ctx(snap);
  const seller = viewer.registered && viewer.address === SELLER;
  const buyer = viewer.registered && viewer.address === BUYER;
  const madeSettled = settled.includes(`4:${BUYER.toLowerCase()}`);
  const invalidatedSettled = settled.includes(`5:${BUYER.toLowerCase()}`);
  const made = offerRowOf(snap as never, MADE);
  expect({ accept: made.accept, retract: made.retract, notice: made.notice }).toEqual({ accept: seller && !madeSettled, retract: buyer && !madeSettled, notice: null });
  const invalidated = offerRowOf(snap as never, INVALIDATED);
  expect({ accept: invalidated.accept, retract: invalidated.retract, notice: invalidated.notice }).toEqual({
    accept: false,
    retract: buyer && !invalidatedSettled,
    notice: buyer && !invalidatedSettled ? 'No longer available. Please retract your offer' : null,
  });
  expect(offerRowOf(snap as never, RETRACTED)).toMatchObject({ accept: false, retract: false, notice: null });
}

function harness() {
  const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
  let system: ReturnType<typeof startInFakeSystem> | undefined;
  const real = () => system!.flow().getSnapshot() as AnyMachineSnapshot;
  const send = (step: { event: EventObject }) => system!.flow().send(step.event as OfferEvent);
  const settle = async (step: { event: EventObject }) => {
    const output = (step.event as unknown as { output?: typeof SUCCEEDED; error?: Error });
    if (step.event.type.startsWith('xstate.error')) trade.last().reject(output.error);
    else trade.last().resolve(output.output!);
    await flush();
  };
  return {
    stop: () => system?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          system = startInFakeSystem(offerMachine.provide({ actors: { contractAction: trade.logic as never } }), { token }, VISITOR);
        },
        'viewer.changed': (step: { event: EventObject }) => {
          system!.setWallet(wallets[walletName((step.event as unknown as { viewer: { address: string | null } }).viewer.address)]!);
        },
        'offer.accept': (step: { event: EventObject }) => {
          const calls = trade.calls.length;
          send(step);
          expect(trade.calls).toHaveLength(real().matches('accepting') ? calls + 1 : calls);
        },
        'offer.retract': (step: { event: EventObject }) => {
          const calls = trade.calls.length;
          send(step);
          expect(trade.calls).toHaveLength(real().matches('retracting') ? calls + 1 : calls);
        },
        'xstate.done.actor.trade': settle,
        'xstate.error.actor.trade': settle,
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.children.trade).toBeUndefined();
          expect(ctx(snap).offer).toBeNull();
          expectRows(snap);
          expect(offerRowOf(snap as never, MADE)).toMatchObject({ running: false, busy: false });
        },
        accepting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(trade.last().signal.aborted).toBe(false);
          expect(trade.last().input).toEqual({
            action: { type: 'acceptOffer', chainId: 31337, saleId: '4', buyer: BUYER.toLowerCase(), tokenId: '3', priceWei: '10000000000000000', currency: 'ETH' },
            account: SELLER,
            walletChainId: 31337,
            networkName: 'Hardhat',
            isMobile: false,
            nativeSymbol: 'ETH',
          });
          expect(offerRowOf(snap as never, MADE)).toMatchObject({ running: true, busy: true });
          // One wallet action at a time.
          expect(snap.can({ type: 'offer.accept', offer: MADE })).toBe(false);
        },
        retracting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          const offer = ctx(snap).offer!;
          expect(trade.last().input.action).toEqual({ type: 'retractOffer', chainId: 31337, saleId: offer.saleId, tokenId: '3' });
          expect(trade.last().input.account).toBe(BUYER);
          expect(offerRowOf(snap as never, offer)).toMatchObject({ running: true, busy: true });
          expect(offerRowOf(snap as never, offer === MADE ? INVALIDATED : MADE)).toMatchObject({ running: false, busy: true });
          expect(snap.can({ type: 'offer.retract', offer })).toBe(false);
        },
      }),
    },
  };
}

describe('offerMachine (model-based)', () => {
  modelCoverageTests(offerMachine, paths, harness);
});

describe('offerMachine', () => {
  it('an accepted offer\'s button goes once the run succeeded; a failed run leaves it', async () => {
    const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
    const system = startInFakeSystem(offerMachine.provide({ actors: { contractAction: trade.logic as never } }), { token }, wallets.seller!);
    const flow = system.flow();
    flow.send({ type: 'offer.accept', offer: MADE });
    trade.last().resolve(FAILED);
    await flush();
    expect(offerRowOf(flow.getSnapshot(), MADE).accept).toBe(true);
    flow.send({ type: 'offer.accept', offer: MADE });
    trade.last().resolve(SUCCEEDED);
    await flush();
    expect(offerRowOf(flow.getSnapshot(), MADE)).toEqual({ accept: false, retract: false, notice: null, running: false, busy: false });
    system.stop();
  });
});

describe('offerUnavailableNotice (the buyer\'s notice, shared with the dashboard\'s sent offers)', () => {
  it('only for an offer whose sale is no longer active', () => {
    expect(offerUnavailableNotice(false)).toBe('No longer available. Please retract your offer');
    expect(offerUnavailableNotice(true)).toBeNull();
  });
});
