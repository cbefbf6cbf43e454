import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, assign, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { chainActionMachine } from '../../../machines/dashboard/chainActionMachine';
import type { ChainAction } from '../../../machines/trading/chainActions';
import type { ContractActionInput } from '../../../machines/trading/contractActionMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';
import { BUYER, OWNER } from './tokenDashboardFixtures';

const ACCEPT: ChainAction = { type: 'acceptOffer', chainId: 31337, saleId: '21', buyer: BUYER, tokenId: '3', priceWei: '1000', currency: 'ETH' };
const SUCCEEDED = { error: null, hash: '0xabc' };
const REJECTED = { error: { message: 'You canceled the request in your wallet.' }, hash: null };
const CANCELLED = { error: null, hash: null };

type Snap = AnyMachineSnapshot;
const project = (state: Snap) => ({ value: state.value, address: state.context.address });
const done = (output: unknown) => ({ type: 'xstate.done.actor.trade', output }) as EventObject;

const model = createMachineTestModel(chainActionMachine, {
  input: { action: ACCEPT },
  project,
  events: () => [
    { type: 'wallet.changed', address: OWNER, chainId: 31337 },
    { type: 'wallet.changed', address: null, chainId: null },
    done(SUCCEEDED),
    done(REJECTED),
    done(CANCELLED),
  ],
  filterEvents: (state, event) => {
    if (event.type === 'xstate.done.actor.trade') return state.matches('running');
    // The wallet signs out only while nothing runs (keeps the graph small).
    if (event.type === 'wallet.changed') return (event as { address?: string | null }).address === null ? state.matches('idle') && state.context.address !== null : state.context.address === null;
    return true;
  },
});
const paths = modelPaths(model, { filterEvents: () => false });

function harness() {
  const trade = controlled<unknown, ContractActionInput>();
  const refreshed: string[] = [];
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(
      chainActionMachine.provide({
        actors: { contractAction: trade.logic as never },
        actions: { refreshListsSoon: () => refreshed.push('lists.changed') },
      }),
      { input: { action: ACCEPT } },
    ).start();
  }
  const real = () => actor!.getSnapshot();
  const send = (step: { event: EventObject }) => void actor?.send(step.event as never);
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'wallet.changed': send,
        'action.run': (step: { event: EventObject }) => {
          const calls = trade.calls.length;
          const canRun = real().matches('idle') && real().context.address !== null;
          send(step);
          expect(trade.calls).toHaveLength(canRun ? calls + 1 : calls);
        },
        'xstate.done.actor.trade': async (step: { event: EventObject }) => {
          trade.last().resolve((step.event as unknown as { output: unknown }).output);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.children.trade).toBeUndefined();
          expect(snap.can({ type: 'action.run' })).toBe(snap.context.address !== null);
          expect(refreshed).toEqual([]);
        },
        running: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.children.trade).toBeDefined();
          // The row's action, sent from the wallet the system holds (none in a model test).
          expect(trade.last().input).toMatchObject({ action: ACCEPT });
          expect(snap.can({ type: 'action.run' })).toBe(false);
        },
        done: (snap) => {
          expect(snap.status).toBe('done');
          expect(refreshed).toEqual(['lists.changed']);
        },
      }),
    },
  };
}

describe('chainActionMachine (model-based)', () => {
  modelCoverageTests(chainActionMachine, paths, harness);
});

describe('chainActionMachine in an actor system', () => {
  // The long-lived actors the flow reaches: a wallet session (address, chain) and liveEvents (records what it hears).
  const wallet = createMachine({ context: { address: OWNER, chainId: 31337, networkName: 'Hardhat', isMobile: false } });
  const live = setup({ types: { context: {} as { heard: string[] } } }).createMachine({
    context: { heard: [] },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) } },
  });

  it('runs the contract action with the session\'s wallet and tells liveEvents the lists changed once mined', async () => {
    const trade = controlled<unknown, ContractActionInput>();
    const flow = chainActionMachine.provide({ actors: { contractAction: fromPromise<unknown, ContractActionInput>(({ input, signal }) => trade.fn(input, signal)) as never } });
    const root = setup({ actors: { wallet, live, flow } }).createMachine({
      invoke: [
        { id: 'walletSession', systemId: 'walletSession', src: 'wallet' },
        { id: 'liveEvents', systemId: 'liveEvents', src: 'live' },
        { id: 'flow', src: 'flow', input: { action: ACCEPT } },
      ],
    });
    const actor = createActor(root).start();
    const row = actor.getSnapshot().children.flow!;
    row.send({ type: 'action.run' });
    expect(trade.last().input).toEqual({ action: ACCEPT, account: OWNER, walletChainId: 31337, networkName: 'Hardhat', isMobile: false, nativeSymbol: 'ETH' });
    trade.last().resolve(SUCCEEDED);
    await flush();
    expect(row.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().children.liveEvents!.getSnapshot().context.heard).toContain('lists.changed');
    actor.stop();
  });
});
