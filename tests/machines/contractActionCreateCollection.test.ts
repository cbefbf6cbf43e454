import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { ChainAction } from '../../machines/trading/chainActions';
import { contractActionMachine, type ContractActionEmitted, type SubmitCallInput, type WaitForReceiptInput } from '../../machines/trading/contractActionMachine';
import { controlled, flush } from './support/modelTesting';

const ACCOUNT = '0x00000000000000000000000000000000000000a1';
// See docs/requirements.md#trading-offers CreateTradableCollection: the parameters POST /api/v1/canvas/{id}/publish returned.
const publish: ChainAction = {
  type: 'createCollection',
  chainId: 31337,
  factory: '0x00000000000000000000000000000000000000f1',
  name: 'Dawn',
  symbol: 'DAWN',
  howManyTokens: 3,
  supplyPerToken: 1,
  baseURI: 'ipfs://bafymanifest/',
  royaltiesRecipient: ACCOUNT,
  royaltiesBasispoints: 500,
  container_id: 'c1',
};

/** contractAction as the studio runs it: the child of a parent that records its outcome, beside a notifications recorder. */
function startPublish() {
  const submitCall = controlled<string, SubmitCallInput>();
  const waitForReceipt = controlled<void, WaitForReceiptInput>();
  const notices: Array<{ kind: string; text: string }> = [];
  const emitted: ContractActionEmitted[] = [];
  const outcomes: EventObject[] = [];
  const notifications = setup({}).createMachine({
    on: {
      'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) },
      'notify.dismissSticky': { actions: ({ event }) => notices.push({ kind: 'dismissed', text: event.text as string }) },
    },
  });
  const action = contractActionMachine.provide({ actors: { submitCall: submitCall.logic, waitForReceipt: waitForReceipt.logic } });
  const parent = createActor(
    setup({ actors: { action, notifications } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        {
          id: 'publishAction',
          src: 'action',
          input: { action: publish, account: ACCOUNT, walletChainId: 31337, networkName: 'Hardhat' },
          onDone: { actions: ({ event }) => outcomes.push(event) },
        },
      ],
    }),
  ).start();
  const child = parent.getSnapshot().children.publishAction as AnyActorRef;
  child.on('*', (event: ContractActionEmitted) => emitted.push(event));
  return { parent, child, submitCall, waitForReceipt, notices, emitted, outcomes };
}

describe('contractAction: createCollection (the studio publish)', () => {
  it('behavior: a mined publish shows no success notice (the studio announces it once indexed); the outcome reaches the parent', async () => {
    const run = startPublish();
    try {
      // No trade check and no approval: the factory call goes straight to the wallet.
      expect(run.child.getSnapshot().value).toBe('signing');
      expect(run.submitCall.last().input).toEqual({ call: publish, account: ACCOUNT });
      expect(run.notices).toEqual([{ kind: 'sticky', text: 'Approve in wallet' }]);
      run.submitCall.last().resolve('0xpublish');
      await flush();
      expect(run.waitForReceipt.last().input).toEqual({ chainId: 31337, hash: '0xpublish' });
      run.waitForReceipt.last().resolve();
      await flush();

      expect(run.child.getSnapshot().value).toBe('succeeded');
      // The sticky closed, and nothing else: no success notice shown nor emitted.
      expect(run.notices).toEqual([
        { kind: 'sticky', text: 'Approve in wallet' },
        { kind: 'dismissed', text: 'Approve in wallet' },
      ]);
      expect(run.notices.filter((notice) => notice.kind === 'success')).toEqual([]);
      expect(run.emitted.filter((event) => event.type === 'trade.notify' && event.kind === 'success')).toEqual([]);
      expect(run.outcomes).toEqual([expect.objectContaining({ type: 'xstate.done.actor.publishAction', output: { error: null, hash: '0xpublish' } })]);
    } finally {
      run.parent.stop();
    }
  });

  it('behavior: a rejected publish still says why and reaches the parent with the error', async () => {
    const run = startPublish();
    try {
      run.submitCall.last().reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
      await flush();
      expect(run.child.getSnapshot().value).toBe('failed');
      expect(run.notices.filter((notice) => notice.kind === 'error' || notice.kind === 'success')).toEqual([{ kind: 'error', text: 'You canceled the request in your wallet.' }]);
      const outcome = run.outcomes[0] as { output?: { error: { message: string; source: string } | null; hash: string | null } };
      expect(outcome.output?.hash).toBeNull();
      expect(outcome.output?.error).toMatchObject({ message: 'You canceled the request in your wallet.', source: 'wallet' });
    } finally {
      run.parent.stop();
    }
  });
});
