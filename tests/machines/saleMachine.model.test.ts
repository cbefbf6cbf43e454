import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ContractActionInput } from '../../machines/trading/contractActionMachine';
import { activeSale, saleMachine, type SaleContext, type SaleEvent, type SaleToken } from '../../machines/trading/saleMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';
import { startInFakeSystem, VISITOR, walletModalOpens, type FakeWallet } from './tokenPageFakeSystem';

// The token page's Buy / Make offer (docs/requirements.md#trading-offers): the real machine inside a stand-in of the app's system, the
// viewer coming from the fake wallet session through the machine's own watcher, its contractAction child faked.

const SELLER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const sale = { saleId: '4', seller: SELLER, price: { amount: '15000000000000000', currency: 'ETH' }, wasCancelled: false };
const LISTED: SaleToken = { _id: '11', tokenId: '3', chainId: 31337, isSold: false, tokenHolding: { owner: { address: SELLER }, bazaarSales: [sale] } };
const UNLISTED: SaleToken = { ...LISTED, tokenHolding: { owner: { address: SELLER }, bazaarSales: [{ ...sale, wasCancelled: true }] } };
// Repriced: the seller cancelled and listed again at 0.02 (the contract has no price update: a new sale).
const REPRICED: SaleToken = {
  ...LISTED,
  tokenHolding: { owner: { address: SELLER }, bazaarSales: [{ ...sale, wasCancelled: true }, { ...sale, saleId: '5', price: { amount: '20000000000000000', currency: 'ETH' } }] },
};
// What a running purchase is told when the page hears its listing changed (contractAction's listing.changed).
const CHANGE_HEARD = new Map<SaleToken, unknown>([
  [UNLISTED, { kind: 'cancelled' }],
  [REPRICED, { kind: 'price', priceWei: '20000000000000000' }],
]);

/** The fake contract action, recording the events its parent sends it (a promise actor otherwise ignores them). */
function hearing<T extends AnyActorLogic>(logic: T, heard: EventObject[]): T {
  return {
    ...logic,
    transition: (snapshot: unknown, event: EventObject, scope: unknown) => {
      if (!event.type.startsWith('xstate.')) heard.push(event);
      return (logic.transition as (...args: unknown[]) => unknown)(snapshot, event, scope);
    },
  } as T;
}

const wallets: Record<string, FakeWallet> = {
  visitor: VISITOR,
  buyer: { address: BUYER, chainId: 31337, registered: true, banned: false },
  owner: { address: SELLER, chainId: 31337, registered: true, banned: false },
  // A full navigation: the session restores, who the viewer is not known yet (the phone-performance work (item 4)).
  restoring: { ...VISITOR, restoring: true },
};
const walletName = (viewer: { address: string | null }, settling: boolean) =>
  settling ? 'restoring' : viewer.address === null ? 'visitor' : viewer.address === SELLER ? 'owner' : 'buyer';

const ctx = (state: AnyMachineSnapshot) => state.context as SaleContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: ctx(state) });
const WETH = '0x00000000000000000000000000000000000000e7';
const SUCCEEDED = { error: null, hash: '0xfeed' };
const FAILED = { error: { message: 'You rejected the transaction in your wallet' }, hash: null };

const variants = (): EventObject[] => ([
  ...Object.values(wallets).map((viewer) => ({
    type: 'viewer.changed',
    viewer: { address: viewer.address, registered: viewer.registered, banned: viewer.banned },
    settling: viewer.restoring === true,
  })),
  // The listing cancelled (refetched), and a Sold patch.
  { type: 'sale.token', token: UNLISTED },
  { type: 'sale.token', token: LISTED, patch: { isSold: true, ownerAddress: BUYER } },
  { type: 'sale.token', token: REPRICED },
  { type: 'offer.change', value: '0.00001' },
  { type: 'offer.change', value: '0.01' },
  { type: 'offer.currency', currency: WETH },
  { type: 'offer.currency', currency: null },
  { type: 'xstate.done.actor.trade', output: SUCCEEDED },
  { type: 'xstate.done.actor.trade', output: FAILED },
  { type: 'xstate.error.actor.trade', error: new Error('wallet stack failed to load') },
] as unknown as EventObject[]);

// A buyer and the owner are the only wallets, a failed refetch or sold token ends the listing: keep the graph small.
const model = createMachineTestModel(saleMachine, {
  input: { token: LISTED },
  project,
  events: variants,
  filterEvents: (state, event) => {
    const c = ctx(state);
    // The child's outcome arrives only while it runs (the form region listens to it too).
    if (event.type.endsWith('.actor.trade') && state.matches({ trade: 'idle' })) return false;
    // A new price is heard while a purchase runs (elsewhere it is a listing like the first).
    if (event.type === 'sale.token' && (event as unknown as { token: SaleToken }).token === REPRICED && !state.matches({ trade: 'buying' })) return false;
    // Once the listing closed (or changed) nothing else is explored but what the open trade does.
    if (c.token === UNLISTED || c.token === REPRICED || c.patch.isSold) return event.type.startsWith('xstate.');
    if (event.type === 'offer.change') return c.offer === '';
    // WETH is chosen before the price is typed, and back to ETH at most once: every event, a small graph.
    if (event.type === 'offer.currency') {
      const currency = (event as unknown as { currency: string | null }).currency;
      return currency !== c.offerCurrency && (currency === WETH ? c.offer === '' : c.offer !== '');
    }
    return true;
  },
});
const paths = model.getShortestPaths();

function harness() {
  const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
  const heard: EventObject[] = [];
  let system: ReturnType<typeof startInFakeSystem> | undefined;
  let noticesBefore = 0;
  let opensBefore = 0;
  const real = () => system!.flow().getSnapshot() as AnyMachineSnapshot;
  const send = (event: EventObject) => system!.flow().send(event as SaleEvent);
  const trades = () => trade.calls.length;
  return {
    stop: () => system?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          system = startInFakeSystem(saleMachine.provide({ actors: { contractAction: hearing(trade.logic, heard) as never } }), { token: LISTED }, VISITOR);
        },
        // Through the wallet session: the machine's own watchViewer reports it.
        'viewer.changed': (step: { event: EventObject }) => {
          const event = step.event as unknown as { viewer: { address: string | null }; settling: boolean };
          system!.setWallet(wallets[walletName(event.viewer, event.settling)]!);
          expect(ctx(real()).sessionSettling).toBe(event.settling);
        },
        'sale.token': (step: { event: EventObject }) => {
          const buying = real().matches({ trade: 'buying' });
          const before = heard.length;
          send(step.event);
          // A running purchase is told its listing was sold, cancelled or repriced (it stops unless the wallet signs).
          const { token, patch } = step.event as unknown as { token: SaleToken; patch?: { isSold?: boolean } };
          const change = patch?.isSold ? { kind: 'sold' } : CHANGE_HEARD.get(token);
          expect(heard.slice(before)).toEqual(buying && change ? [{ type: 'listing.changed', change }] : []);
        },
        'offer.open': (step: { event: EventObject }) => send(step.event),
        'offer.change': (step: { event: EventObject }) => send(step.event),
        'offer.currency': (step: { event: EventObject }) => send(step.event),
        'offer.cancel': (step: { event: EventObject }) => send(step.event),
        'sale.buy': (step: { event: EventObject }) => {
          const before = trades();
          noticesBefore = system!.notices().length;
          opensBefore = walletModalOpens(system!);
          send(step.event);
          if (real().matches({ trade: 'buying' })) {
            expect(trades()).toBe(before + 1);
            expect(trade.last().input).toEqual({
              action: { type: 'makeOffer', chainId: 31337, saleId: '4', tokenId: '3', amount: '1', currency: 'ETH', token_id: '11', priceWei: '15000000000000000', purchase: true },
              account: BUYER,
              walletChainId: 31337,
              networkName: 'Hardhat',
              isMobile: false,
              nativeSymbol: 'ETH',
            });
          } else {
            expect(trades()).toBe(before);
          }
        },
        'offer.submit': (step: { event: EventObject }) => {
          const before = trades();
          noticesBefore = system!.notices().length;
          opensBefore = walletModalOpens(system!);
          send(step.event);
          if (real().matches({ trade: 'offering' })) {
            expect(trades()).toBe(before + 1);
            // The chosen currency: ETH (the sale's) or WETH's address, the amount in 18-decimal base units either way.
            expect(trade.last().input.action).toEqual({
              type: 'makeOffer', chainId: 31337, saleId: '4', tokenId: '3', amount: '1', currency: ctx(real()).offerCurrency ?? 'ETH', token_id: '11', priceWei: '10000000000000000',
            });
          } else {
            expect(trades()).toBe(before);
          }
        },
        'xstate.done.actor.trade': async (step: { event: EventObject }) => {
          const wasBuying = real().matches({ trade: 'buying' });
          const output = (step.event as unknown as { output: typeof SUCCEEDED }).output;
          const patches = system!.live.patches().length;
          trade.last().resolve(output);
          await flush();
          // A purchase shows SOLD and the buyer as owner at once, through the liveEvents actor.
          if (wasBuying && output === SUCCEEDED) expect(system!.live.patches().slice(patches)).toEqual([{ id: '11', patch: { isSold: true, ownerAddress: BUYER } }]);
          else expect(system!.live.patches()).toHaveLength(patches);
        },
        'xstate.error.actor.trade': async (step: { event: EventObject }) => {
          trade.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
          expect(system!.live.patches()).toEqual([]);
        },
      },
      states: checkedStates(real, project, {
        listing: () => {},
        'listing.deciding': () => {
          throw new Error('deciding is transient');
        },
        'listing.available': (snap) => {
          expect(snap.hasTag('available')).toBe(true);
          expect(activeSale(ctx(snap).token)).toEqual(ctx(snap).token === REPRICED ? { ...sale, saleId: '5', price: { amount: '20000000000000000', currency: 'ETH' } } : sale);
          expect(ctx(snap).viewer.address).not.toBe(SELLER);
          expect(ctx(snap).patch.isSold).not.toBe(true);
        },
        'listing.unavailable': (snap) => {
          expect(snap.hasTag('available')).toBe(false);
          const c = ctx(snap);
          expect(c.viewer.address === SELLER || c.token === UNLISTED || c.patch.isSold === true).toBe(true);
          expect(snap.can({ type: 'sale.buy' })).toBe(false);
          expect(snap.can({ type: 'offer.submit' })).toBe(false);
        },
        form: () => {},
        'form.closed': (snap) => {
          expect(ctx(snap).offer).toBe('');
          expect(ctx(snap).offerError).toBeNull();
          expect(ctx(snap).offerCurrency).toBeNull();
          expect(snap.can({ type: 'offer.currency', currency: WETH })).toBe(false);
          // While the session settles Make offer waits (the view disables it and says why).
          expect(snap.can({ type: 'offer.open' })).toBe(snap.matches({ trade: 'idle' }) && !ctx(snap).sessionSettling);
          expect(snap.can({ type: 'offer.submit' })).toBe(false);
        },
        'form.open': (snap) => {
          const c = ctx(snap);
          expect(c.offerError).toBe(c.offer === '0.00001' ? 'Minimum allowed price is 0.0001' : null);
          expect(snap.can({ type: 'offer.cancel' })).toBe(snap.matches({ trade: 'idle' }));
          expect([null, WETH]).toContain(c.offerCurrency);
          expect(snap.can({ type: 'offer.currency', currency: WETH })).toBe(snap.matches({ trade: 'idle' }));
          expect(snap.can({ type: 'offer.submit' })).toBe(snap.matches({ trade: 'idle', listing: 'available' }) && c.offer === '0.01' && !c.sessionSettling);
        },
        trade: () => {},
        'trade.idle': (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(ctx(snap).buyer).toBeNull();
          expect(ctx(snap).purchase).toBeNull();
          expect(snap.children.trade).toBeUndefined();
          expect(snap.can({ type: 'sale.buy' })).toBe(snap.matches({ listing: 'available' }) && !ctx(snap).sessionSettling);
          // A refused order or offer said why (and a visitor got the wallet modal); nothing reached the wallet.
          const blocked = system!.notices().slice(noticesBefore);
          for (const notice of blocked) expect(notice.kind).toBe('error');
          if (blocked.some((notice) => notice.text.startsWith('Please connect your wallet'))) expect(walletModalOpens(system!)).toBe(opensBefore + 1);
        },
        'trade.buying': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(ctx(snap).buyer).toBe(BUYER);
          // The listing the buyer saw, against which what the page hears is compared.
          expect(ctx(snap).purchase).toEqual({ saleId: '4', seller: SELLER, priceWei: '15000000000000000' });
          expect(trade.last().signal.aborted).toBe(false);
          expect(snap.can({ type: 'sale.buy' })).toBe(false);
          expect(snap.can({ type: 'offer.open' })).toBe(false);
        },
        'trade.offering': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.matches({ form: 'open' })).toBe(true);
          expect(snap.can({ type: 'offer.submit' })).toBe(false);
          expect(snap.can({ type: 'offer.cancel' })).toBe(false);
          expect(snap.can({ type: 'offer.currency', currency: null })).toBe(false);
        },
      }),
    },
  };
}

describe('saleMachine (model-based)', () => {
  modelCoverageTests(saleMachine, paths, harness);
});

describe('saleMachine', () => {
  const start = (wallet: FakeWallet) => {
    const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
    const system = startInFakeSystem(saleMachine.provide({ actors: { contractAction: trade.logic as never } }), { token: LISTED }, wallet);
    return { system, trade, flow: system.flow() };
  };

  it('a visitor who buys gets the connect-wallet order message and the wallet modal; nothing reaches the wallet', () => {
    const { system, trade, flow } = start(VISITOR);
    flow.send({ type: 'sale.buy' });
    expect(system.notices()).toEqual([{ kind: 'error', text: 'Please connect your wallet to place the order' }]);
    expect(walletModalOpens(system)).toBe(1);
    flow.send({ type: 'offer.open' });
    flow.send({ type: 'offer.change', value: '0.01' });
    flow.send({ type: 'offer.submit' });
    expect(system.notices().at(-1)).toEqual({ kind: 'error', text: 'Please connect your wallet to place an offer' });
    expect(walletModalOpens(system)).toBe(2);
    expect(trade.calls).toHaveLength(0);
    system.stop();
  });

  it('while the session restores after a full navigation, Buy and Make offer wait silently; signed in, they run', () => {
    const { system, trade, flow } = start(wallets.restoring!);
    expect(flow.getSnapshot().context.sessionSettling).toBe(true);
    expect(flow.getSnapshot().can({ type: 'sale.buy' })).toBe(false);
    expect(flow.getSnapshot().can({ type: 'offer.open' })).toBe(false);
    flow.send({ type: 'sale.buy' });
    // No 'Please connect your wallet to place the order' for a user who is signed in, and no wallet modal.
    expect(system.notices()).toEqual([]);
    expect(walletModalOpens(system)).toBe(0);
    system.setWallet(wallets.buyer!);
    expect(flow.getSnapshot().context.sessionSettling).toBe(false);
    expect(flow.getSnapshot().can({ type: 'sale.buy' })).toBe(true);
    flow.send({ type: 'sale.buy' });
    expect(trade.calls).toHaveLength(1);
    expect(trade.last().input.account).toBe(BUYER);
    system.stop();
  });

  it('a registered seller viewing another owner\'s holding is told they are the seller', () => {
    const seller = { address: SELLER, chainId: 31337, registered: true, banned: false };
    const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
    const other = { ...LISTED, tokenHolding: { owner: { address: BUYER.toLowerCase() }, bazaarSales: [sale] } };
    const system = startInFakeSystem(saleMachine.provide({ actors: { contractAction: trade.logic as never } }), { token: other }, seller);
    system.flow().send({ type: 'sale.buy' });
    expect(system.notices()).toEqual([{ kind: 'error', text: 'Sorry. Order cannot be placed as you are the seller' }]);
    expect(walletModalOpens(system)).toBe(0);
    expect(trade.calls).toHaveLength(0);
    system.stop();
  });

  it('a banned account is refused', () => {
    const { system, trade, flow } = start({ address: BUYER, chainId: 31337, registered: true, banned: true });
    flow.send({ type: 'sale.buy' });
    expect(system.notices()).toHaveLength(1);
    expect(system.notices()[0]!.kind).toBe('error');
    expect(trade.calls).toHaveLength(0);
    system.stop();
  });

  it('a placed offer closes the form; a failed one keeps it open with the typed price', async () => {
    const { system, trade, flow } = start(wallets.buyer!);
    flow.send({ type: 'offer.open' });
    flow.send({ type: 'offer.change', value: '0.02' });
    flow.send({ type: 'offer.submit' });
    trade.last().resolve(FAILED);
    await flush();
    expect(flow.getSnapshot().matches({ form: 'open', trade: 'idle' })).toBe(true);
    expect(flow.getSnapshot().context.offer).toBe('0.02');
    flow.send({ type: 'offer.submit' });
    trade.last().resolve(SUCCEEDED);
    await flush();
    expect(flow.getSnapshot().matches({ form: 'closed', trade: 'idle' })).toBe(true);
    expect(flow.getSnapshot().context.offer).toBe('');
    system.stop();
  });

  it('a running purchase is told nothing when the page hears its listing unchanged (a refetch, a patch naming the seller)', () => {
    const trade = controlled<{ error: unknown; hash: string | null }, ContractActionInput>();
    const heard: EventObject[] = [];
    const system = startInFakeSystem(saleMachine.provide({ actors: { contractAction: hearing(trade.logic, heard) as never } }), { token: LISTED }, wallets.buyer!);
    const flow = system.flow();
    flow.send({ type: 'sale.buy' });
    flow.send({ type: 'sale.token', token: LISTED });
    flow.send({ type: 'sale.token', token: LISTED, patch: { ownerAddress: SELLER } });
    expect(heard).toEqual([]);
    // Another owner heard live: sold.
    flow.send({ type: 'sale.token', token: LISTED, patch: { ownerAddress: BUYER } });
    expect(heard).toEqual([{ type: 'listing.changed', change: { kind: 'sold' } }]);
    system.stop();
  });

  it('a purchase still running when the token turns SOLD goes on (the child is not stopped by the listing closing)', async () => {
    const { system, trade, flow } = start(wallets.buyer!);
    flow.send({ type: 'sale.buy' });
    flow.send({ type: 'sale.token', token: LISTED, patch: { isSold: true, ownerAddress: BUYER } });
    expect(flow.getSnapshot().matches({ listing: 'unavailable', trade: 'buying' })).toBe(true);
    expect(trade.last().signal.aborted).toBe(false);
    trade.last().resolve(SUCCEEDED);
    await flush();
    expect(system.live.patches()).toHaveLength(1);
    system.stop();
  });
});
