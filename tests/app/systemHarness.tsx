import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createActor, createMachine } from 'xstate';
import { appMachine } from '../../machines/app/appMachine';
import type { AppConfig } from '../../machines/config/configMachine';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';

/**
 * The app's root with its real in-memory actors (notifications, render slots) and idle stand-ins for the children
 * that reach the network or the wallet: for rendering one component that needs the actor system, not a page.
 */
export function createTestAppActor(config?: Partial<AppConfig>): AppActor {
  const idle = createMachine({}) as never;
  // A loaded config when the component reads one (the generative viewer: its contentOrigin), else idle too.
  const configActor = config ? (createMachine({ context: { config, error: null } }) as never) : idle;
  return createActor(
    appMachine.provide({ actors: { config: configActor, settings: idle, walletSession: idle, liveEvents: idle, pwaUpdate: idle } }),
  ).start() as AppActor;
}

/** render() inside a fresh test root; returns the root too. */
export function renderInApp(ui: ReactNode, app: AppActor = createTestAppActor()) {
  const wrap = (node: ReactNode) => <AppActorProvider actor={app}>{node}</AppActorProvider>;
  const view = render(wrap(ui));
  return { ...view, app, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}
