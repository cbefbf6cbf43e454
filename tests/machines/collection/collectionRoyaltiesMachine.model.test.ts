import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  collectionRoyaltiesMachine,
  royaltiesDraftKey,
  royaltiesDraftRecord,
  type Royalties,
  type RoyaltiesInput,
} from '../../../machines/collection/collectionRoyaltiesMachine';
import type { FormDraftParams } from '../../../machines/forms/formMachine';
import { royaltiesPercent } from '../../../machines/collection/royaltiesRules';
import type { ContractActionInput } from '../../../machines/trading/contractActionMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

const COLLECTION = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';
const CREATOR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const INPUT: RoyaltiesInput = { chainId: 31337, collection: COLLECTION };
const CURRENT: Royalties = { basispoints: 500, recipient: CREATOR };
const SUCCEEDED = { error: null, hash: '0xabc' };
const REJECTED = { error: { message: 'You canceled the request in your wallet.' }, hash: null };
/** A draft kept by an earlier visit of the same account. */
const STORED_DRAFT = { version: 1, basispoints: '300', recipient: '' };

type Snap = AnyMachineSnapshot;
const project = (state: Snap) => ({
  value: state.value,
  address: state.context.address,
  current: state.context.current,
  basispoints: state.context.basispoints,
  recipient: state.context.recipient,
  errors: state.context.errors,
  action: state.context.action?.type ?? null,
});
const input = (field: string, value: string) => ({ type: 'royalties.input', field, value }) as EventObject;

const model = createMachineTestModel(collectionRoyaltiesMachine, {
  input: INPUT,
  project,
  events: () => [
    { type: 'wallet.changed', address: CREATOR, chainId: 31337 },
    { type: 'wallet.changed', address: OTHER, chainId: 31337 },
    { type: 'xstate.done.actor.loadDraft', output: STORED_DRAFT } as EventObject,
    { type: 'xstate.done.actor.loadDraft', output: null } as EventObject,
    { type: 'xstate.error.actor.loadDraft', error: new Error('no IndexedDB') } as EventObject,
    input('basispoints', '500'),
    input('basispoints', '250'),
    input('recipient', 'not an address'),
    input('recipient', OTHER),
    { type: 'xstate.done.actor.readRoyalties', output: CURRENT } as EventObject,
    { type: 'xstate.error.actor.readRoyalties', error: new Error('rpc down') } as EventObject,
    { type: 'xstate.done.actor.trade', output: SUCCEEDED } as EventObject,
    { type: 'xstate.done.actor.trade', output: REJECTED } as EventObject,
  ],
  filterEvents: (state, event) => {
    const { context } = state;
    if (event.type === 'wallet.changed') {
      const { address } = event as unknown as { address: string };
      // The creator signs in; later another account takes over the ready form (its own draft, none of the creator's).
      return address === CREATOR ? context.address === null : context.address === CREATOR && state.matches({ ready: 'editing' }) && context.basispoints === '300';
    }
    if (event.type.includes('actor.loadDraft')) return state.matches({ ready: 'restoring' });
    if (event.type.startsWith('xstate.done.actor.readRoyalties') || event.type.startsWith('xstate.error.actor.readRoyalties')) return state.matches('loading');
    if (event.type === 'xstate.done.actor.trade') return state.matches('running');
    if (event.type === 'royalties.input') {
      const { field, value } = event as unknown as { field: 'basispoints' | 'recipient'; value: string };
      return context[field] !== value && (field === 'basispoints' ? context.recipient === '' : context.basispoints === '');
    }
    return true;
  },
});
const paths = modelPaths(model, { filterEvents: () => false });

function harness() {
  const read = controlled<Royalties, RoyaltiesInput>();
  const trade = controlled<unknown, ContractActionInput>();
  const drafts = controlled<unknown, string>();
  const kept: Array<FormDraftParams | null> = [];
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(
      collectionRoyaltiesMachine.provide({
        actors: { readRoyalties: read.logic, contractAction: trade.logic as never, loadDraft: drafts.logic },
        actions: { persistDraft: (_, params) => void kept.push(params) },
      }),
      { input: INPUT },
    ).start();
  }
  // What the machine keeps now: the account's record of the typed values (nothing without a wallet).
  const expectKept = () => {
    const { address } = real().context;
    expect(kept.at(-1)).toEqual(address ? { key: royaltiesDraftKey(INPUT, address), record: royaltiesDraftRecord(real().context) } : null);
  };
  const real = () => actor!.getSnapshot();
  const send = (step: { event: EventObject }) => void actor?.send(step.event as never);
  const settle = (call: () => { resolve(value: never): void; reject(reason: unknown): void }) => async (step: { event: EventObject }) => {
    const event = step.event as unknown as { output?: unknown; error?: unknown };
    if (step.event.type.startsWith('xstate.error')) call().reject(event.error);
    else call().resolve(event.output as never);
    await flush();
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'wallet.changed': (step: { event: EventObject }) => {
          send(step);
          // Another account's form starts empty: the creator's typing is not shown to it.
          expect([real().context.basispoints, real().context.recipient]).toEqual(['', '']);
        },
        'royalties.input': (step: { event: EventObject }) => {
          const writes = kept.length;
          send(step);
          expect(kept.length).toBe(writes + 1);
          expectKept();
        },
        'royalties.retry': send,
        'royalties.reduce': (step: { event: EventObject }) => {
          const calls = trade.calls.length;
          send(step);
          expect(trade.calls.length).toBe(real().matches('running') ? calls + 1 : calls);
        },
        'royalties.transfer': (step: { event: EventObject }) => {
          const calls = trade.calls.length;
          send(step);
          expect(trade.calls.length).toBe(real().matches('running') ? calls + 1 : calls);
        },
        'xstate.done.actor.readRoyalties': settle(() => read.last() as never),
        'xstate.error.actor.readRoyalties': settle(() => read.last() as never),
        'xstate.done.actor.trade': async (step: { event: EventObject }) => {
          const writes = kept.length;
          await settle(() => trade.last() as never)(step);
          const mined = (step.event as unknown as { output: typeof SUCCEEDED }).output.hash !== null;
          // Mined: the draft keeps only the other value; failed: the draft is untouched.
          expect(kept.length).toBe(mined ? writes + 1 : writes);
          if (mined) expectKept();
        },
        'xstate.done.actor.loadDraft': settle(() => drafts.last() as never),
        'xstate.error.actor.loadDraft': settle(() => drafts.last() as never),
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(read.last().input).toEqual(INPUT);
          expect(snap.can({ type: 'royalties.reduce' })).toBe(false);
        },
        failed: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'royalties.retry' })).toBe(true);
        },
        ready: (snap) => {
          expect(snap.context.current).toEqual(CURRENT);
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.children.trade).toBeUndefined();
        },
        'ready.restoring': (snap) => {
          expect(drafts.last().input).toBe(royaltiesDraftKey(INPUT, snap.context.address!));
          expect(snap.children.loadDraft).toBeDefined();
        },
        'ready.editing': (snap) => {
          expect(snap.children.loadDraft).toBeUndefined();
          expect(snap.can({ type: 'royalties.input', field: 'basispoints', value: '1' })).toBe(true);
        },
        running: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          const sent = trade.last().input.action;
          if (snap.context.action?.type === 'reduceRoyalties')
            expect(sent).toEqual({ type: 'reduceRoyalties', chainId: 31337, collection: COLLECTION, basispoints: Number(snap.context.basispoints) });
          else expect(sent).toEqual({ type: 'transferRoyaltiesRecipient', chainId: 31337, collection: COLLECTION, recipient: OTHER });
          expect(snap.can({ type: 'royalties.input', field: 'basispoints', value: '1' })).toBe(false);
        },
      }),
    },
  };
}

describe('collectionRoyaltiesMachine (model-based)', () => {
  modelCoverageTests(collectionRoyaltiesMachine, paths, harness);
});

describe('collectionRoyaltiesMachine rules', () => {
  const ready = async () => {
    const actor = createActor(collectionRoyaltiesMachine.provide({ actors: { readRoyalties: fromPromise(async () => CURRENT) } }), { input: INPUT }).start();
    await flush();
    return actor;
  };

  it.each([
    ['', 'Minimum value is 0'],
    ['-1', 'Minimum value is 0'],
    ['2.5', 'Please enter an integer value'],
    ['500', 'Royalties can only be reduced'],
    ['900', 'Royalties can only be reduced'],
  ])('royalties %j are refused with %j, nothing reaches the wallet', async (value, message) => {
    const actor = await ready();
    actor.send({ type: 'wallet.changed', address: CREATOR, chainId: 31337 });
    actor.send({ type: 'royalties.input', field: 'basispoints', value });
    actor.send({ type: 'royalties.reduce' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(actor.getSnapshot().context.errors.basispoints).toBe(message);
    actor.stop();
  });

  it.each([
    ['0x123', 'Enter a valid address'],
    ['0x0000000000000000000000000000000000000000', 'Enter a valid address'],
    [CREATOR.toLowerCase(), 'This address already receives the royalties'],
  ])('recipient %j is refused with %j', async (value, message) => {
    const actor = await ready();
    actor.send({ type: 'royalties.input', field: 'recipient', value });
    actor.send({ type: 'royalties.transfer' });
    expect(actor.getSnapshot().context.errors.recipient).toBe(message);
    actor.stop();
  });

  it('without a wallet a valid value does not start the action; 0 is a valid reduction', async () => {
    const actor = await ready();
    actor.send({ type: 'royalties.input', field: 'basispoints', value: '0' });
    actor.send({ type: 'royalties.reduce' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(actor.getSnapshot().context.errors.basispoints).toBeNull();
    actor.stop();
  });

  it('shows basis points as percent', () => {
    expect(royaltiesPercent(500)).toBe('5%');
    expect(royaltiesPercent(250)).toBe('2.5%');
    expect(royaltiesPercent(1)).toBe('0.01%');
  });

  it('sends the action from the session\'s wallet', async () => {
    const trade = controlled<unknown, ContractActionInput>();
    const wallet = createMachine({ context: { address: CREATOR, chainId: 31337, networkName: 'Hardhat', isMobile: false } });
    const flow = collectionRoyaltiesMachine.provide({ actors: { readRoyalties: fromPromise(async () => CURRENT), contractAction: trade.logic as never } });
    const root = setup({ actors: { wallet, flow } }).createMachine({
      invoke: [
        { id: 'walletSession', systemId: 'walletSession', src: 'wallet' },
        { id: 'flow', src: 'flow', input: INPUT },
      ],
    });
    const actor = createActor(root).start();
    await flush();
    const panel = actor.getSnapshot().children.flow!;
    panel.send({ type: 'royalties.input', field: 'basispoints', value: ' 250 ' });
    panel.send({ type: 'royalties.reduce' });
    expect(trade.last().input).toEqual({
      action: { type: 'reduceRoyalties', chainId: 31337, collection: COLLECTION, basispoints: 250 },
      account: CREATOR,
      walletChainId: 31337,
      networkName: 'Hardhat',
      isMobile: false,
      nativeSymbol: 'ETH',
    });
    actor.stop();
  });
});
