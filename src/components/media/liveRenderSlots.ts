// One shared allocator of live-render slots for every generative card on the page.
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type Actor } from 'xstate';
import { holdsSlot, liveRenderSlotsMachine } from '../../../machines/media/liveRenderSlotsMachine';

let slots: Actor<typeof liveRenderSlotsMachine> | null = null;

export function liveRenderSlots(): Actor<typeof liveRenderSlotsMachine> {
  slots ??= createActor(liveRenderSlotsMachine).start();
  return slots;
}

/** For tests: a fresh allocator. */
export function resetLiveRenderSlots(): void {
  slots?.stop();
  slots = null;
}

/** While `wanted`, asks for a slot (released when no longer wanted or unmounted); true once granted. */
export function useLiveRenderSlot(wanted: boolean): boolean {
  const id = useId();
  const actor = liveRenderSlots();
  useEffect(() => {
    if (!wanted) return;
    actor.send({ type: 'slot.request', id });
    return () => actor.send({ type: 'slot.release', id });
  }, [actor, id, wanted]);
  return useSelector(actor, (snapshot) => wanted && holdsSlot(snapshot.context, id));
}
