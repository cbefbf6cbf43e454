// The studio flow's actor for the step views (started once by StudioView with useFlow; views only select and send).
import { createContext, useContext } from 'react';
import type { StudioActor, StudioSnapshot } from '../../../machines/studio/studioMachine';
import type { StudioStep } from '../../../machines/studio/studioSteps';

export const StudioActorContext = createContext<StudioActor | null>(null);

export function useStudioActor(): StudioActor {
  const studio = useContext(StudioActorContext);
  if (!studio) throw new Error('useStudioActor: render inside StudioView');
  return studio;
}

type Shown = StudioStep | 'restoring' | 'loading' | 'entering' | 'failed';

/** The step shown: the studio's top-level state (restoring, loading and failed are not steps). */
export function shownStep(snapshot: StudioSnapshot): Shown {
  const value = snapshot.value as string | Record<string, unknown>;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as Shown;
}
