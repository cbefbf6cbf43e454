import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { offerMachine, offerNotice, type OfferEvent } from '../../machines/trading/offerMachine';
import { OFFER_UNAVAILABLE_MESSAGE } from '../../machines/trading/tradeRules';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context as unknown });

describe('offerMachine (model-based)', () => {
  const paths = modelPaths(createMachineTestModel(offerMachine, { project }));

  function harness() {
    let actor: ReturnType<typeof createActor<typeof offerMachine>> | undefined;
    const real = () => actor!.getSnapshot();
    const send = (step: { event: { type: string } }) => actor!.send(step.event as OfferEvent);
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            actor = createActor(offerMachine).start();
          },
          'offer.retracted': send,
          'offer.accepted': send,
          'sale.cancelled': send,
        },
        states: checkedStates(real, project, {
          made: (snap) => {
            expect(snap.context.notice).toBeNull();
            expect(snap.can({ type: 'offer.accepted' })).toBe(true);
          },
          invalidated: (snap) => {
            expect(snap.context.notice).toBe(OFFER_UNAVAILABLE_MESSAGE);
            expect(offerNotice('invalidated')).toBe('No longer available. Please retract your offer');
            // The seller can no longer accept it; only the buyer's retract remains.
            expect(snap.can({ type: 'offer.accepted' })).toBe(false);
            expect(snap.can({ type: 'offer.retracted' })).toBe(true);
          },
          retracted: (snap) => {
            expect(snap.status).toBe('done');
            expect(snap.context.notice).toBeNull();
          },
          accepted: (snap) => {
            expect(snap.status).toBe('done');
            expect(offerNotice('accepted')).toBeNull();
          },
        }),
      },
    };
  }

  modelCoverageTests(offerMachine, paths, harness);
});
