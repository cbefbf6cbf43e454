import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { saleMachine, type SaleContext, type SaleEmitted, type SaleEvent, type SaleInput } from '../../machines/trading/saleMachine';
import { CANCEL_AT_COLLECTION_MESSAGE } from '../../machines/trading/tradeRules';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const inputs: SaleInput[] = [
  { saleId: '7', allOutSaleId: null },
  { saleId: '8', allOutSaleId: '2' },
];
const ctx = (state: AnyMachineSnapshot) => state.context as SaleContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: ctx(state) });

describe('saleMachine (model-based)', () => {
  // Up to two open offers keep the graph finite and still reach "retract one of two".
  const paths = inputs.flatMap((input) =>
    modelPaths(createMachineTestModel(saleMachine, { input, project, filterEvents: (state, event) => event.type !== 'offer.made' || ctx(state).openOffers < 2 })),
  );

  function harness() {
    let actor: ReturnType<typeof createActor<typeof saleMachine>> | undefined;
    const notices: SaleEmitted[] = [];
    let cancelRequests = 0;
    const real = () => actor!.getSnapshot();
    const send = (step: { event: { type: string } }) => actor!.send(step.event as SaleEvent);
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': (step: { state: AnyMachineSnapshot }) => {
            const { saleId, allOutSaleId } = ctx(step.state);
            actor = createActor(saleMachine, { input: { saleId, allOutSaleId } });
            actor.on('sale.notice', (event) => notices.push(event));
            actor.start();
          },
          'offer.made': send,
          'offer.retracted': send,
          'offer.accepted': send,
          'sale.cancel': (step: { event: { type: string } }) => {
            cancelRequests += 1;
            send(step);
          },
          'allOutSale.cancel': send,
        },
        states: checkedStates(real, project, {
          created: (snap) => {
            expect(ctx(snap).openOffers).toBe(0);
            expect(snap.can({ type: 'offer.accepted' })).toBe(false);
            // A listing of an all-out sale cannot be cancelled on its own: each attempt explains where to cancel.
            expect(snap.can({ type: 'sale.cancel' })).toBe(true);
            if (ctx(snap).allOutSaleId !== null) expect(notices).toEqual(Array(cancelRequests).fill({ type: 'sale.notice', text: CANCEL_AT_COLLECTION_MESSAGE }));
            else expect(notices).toEqual([]);
          },
          offered: (snap) => {
            expect(ctx(snap).openOffers).toBeGreaterThan(0);
            expect(snap.can({ type: 'offer.accepted' })).toBe(true);
            if (ctx(snap).allOutSaleId !== null) expect(notices).toHaveLength(cancelRequests);
          },
          sold: (snap) => {
            expect(snap.status).toBe('done');
          },
          cancelled: (snap) => {
            expect(snap.status).toBe('done');
            // Standalone listings are cancelled directly, all-out ones only through the collection's sale.
            if (ctx(snap).allOutSaleId === null) expect(notices).toEqual([]);
            else expect(notices).toHaveLength(cancelRequests);
          },
        }),
      },
    };
  }

  modelCoverageTests(saleMachine, paths, harness);
});
