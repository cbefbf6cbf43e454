import { createActor } from 'xstate';
import { provideAppServices, type AppServiceOverrides } from '../services/appServices';
import type { AppActor } from './appActorContext';

/** The started root actor, its children backed by the real services. */
export function createAppActor(overrides?: AppServiceOverrides): AppActor {
  const actor = createActor(provideAppServices(overrides));
  actor.start();
  return actor;
}
