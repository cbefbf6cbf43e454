// The studio flow's actor for the step views (started once by StudioView with useFlow; views only select and send),
// and the failed read with Retry that StudioView and the steps show.
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

/** A studio read that failed (the collection, a token, the tokens), with Retry: the studio machine reads it again. */
export function StudioLoadFailure({ message }: { message: string }) {
  const studio = useStudioActor();
  return (
    <p className="studio-status" role="alert">
      {message}{' '}
      <button type="button" className="button" onClick={() => studio.send({ type: 'studio.retry' })}>
        Retry
      </button>
    </p>
  );
}
