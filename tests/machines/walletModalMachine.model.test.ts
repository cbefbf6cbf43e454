import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { openWalletModalThroughSystem, walletModalMachine, type WalletModalEvent } from '../../machines/wallet/walletModalMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const project = (state: AnyMachineSnapshot) => ({ value: state.value });
const model = createMachineTestModel(walletModalMachine, { project });
const paths = modelPaths(model);

function harness() {
  let actor: ReturnType<typeof createActor<typeof walletModalMachine>> | undefined;
  let watching = 0;
  const get = () => {
    if (!actor) throw new Error('actor not started');
    return actor;
  };
  const real = () => get().getSnapshot();
  const send = (step: { event: EventObject }) => get().send(step.event as WalletModalEvent);
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(
            walletModalMachine.provide({
              actors: {
                watchRegistered: fromCallback(() => {
                  watching += 1;
                  return () => (watching -= 1);
                }),
              },
            }),
          ).start();
        },
        'walletModal.open': send,
        'walletModal.close': send,
        'wallet.registered': send,
      },
      states: checkedStates(real, project, {
        closed: (snap) => {
          expect(snap.hasTag('open')).toBe(false);
          expect(watching).toBe(0);
        },
        open: (snap) => {
          expect(snap.hasTag('open')).toBe(true);
          // Only an open modal listens for the session becoming registered.
          expect(watching).toBe(1);
        },
      }),
    },
  };
}

describe('walletModalMachine (model-based)', () => {
  modelCoverageTests(walletModalMachine, paths, harness);
});

describe('walletModalMachine (through the actor system)', () => {
  /** The modal beside a stand-in wallet session whose registered tag the test sets. */
  function startWithSession(registeredAtStart: boolean) {
    const session = setup({ types: { events: {} as { type: 'register' } } }).createMachine({
      initial: registeredAtStart ? 'registered' : 'visitor',
      states: { visitor: { on: { register: 'registered' } }, registered: { tags: 'registered' } },
    });
    const host = createMachine({
      invoke: [
        { id: 'walletSession', systemId: 'walletSession', src: session },
        { id: 'walletModal', systemId: 'walletModal', src: walletModalMachine },
      ],
    });
    const app = createActor(host).start();
    const modal = app.system.get('walletModal') as AnyActorRef;
    return { app, modal, session: app.system.get('walletSession') as AnyActorRef };
  }

  it('behavior: opened through the system, it closes once the session is registered', () => {
    const { app, modal, session } = startWithSession(false);
    openWalletModalThroughSystem(app.system);
    expect(modal.getSnapshot().hasTag('open')).toBe(true);
    session.send({ type: 'register' });
    expect(modal.getSnapshot().hasTag('open')).toBe(false);
  });

  it('behavior: opening it while registered already closes it at once', () => {
    const { app, modal } = startWithSession(true);
    openWalletModalThroughSystem(app.system);
    expect(modal.getSnapshot().hasTag('open')).toBe(false);
  });

  it('default: without a modal actor, opening does nothing', () => {
    expect(() => openWalletModalThroughSystem({ get: () => undefined })).not.toThrow();
  });
});
