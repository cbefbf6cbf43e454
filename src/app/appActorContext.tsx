import { createContext, useContext, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { getAppActor, type appMachine } from '../../machines/app/appMachine';
import type { SystemActors, SystemId } from '../../machines/system/systemRegistry';

export type AppActor = Actor<typeof appMachine>;

// A plain React context over an actor created in main.tsx (so the SW registration can reach it before render).
const AppActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used inside <AppActorProvider>');
  return actor;
}

/** One of the root's long-lived actors; read fields from it with a narrow useSelector. */
export function useSystemActor<K extends SystemId>(systemId: K): SystemActors[K] {
  return getAppActor(useAppActor(), systemId);
}
