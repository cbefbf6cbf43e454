// One shared allocator of live-render slots for every generative card on the page: the app system's
// liveRenderSlots actor (machines/media/liveRenderSlotsMachine.ts).
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { holdsSlot } from '../../../machines/media/liveRenderSlotsMachine';
import { useSystemActor } from '../../app/appActorContext';

/** While `wanted`, asks for a slot (released when no longer wanted or unmounted); true once granted. */
export function useLiveRenderSlot(wanted: boolean): boolean {
  const id = useId();
  const actor = useSystemActor('liveRenderSlots');
  useEffect(() => {
    if (!wanted) return;
    actor.send({ type: 'slot.request', id });
    return () => actor.send({ type: 'slot.release', id });
  }, [actor, id, wanted]);
  return useSelector(actor, (snapshot) => wanted && holdsSlot(snapshot.context, id));
}
