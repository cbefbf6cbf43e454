// One shared allocator of live-render slots for every generative card on the page: the app system's
// liveRenderSlots actor (machines/media/liveRenderSlotsMachine.ts). A card asks for a slot while it is in view and the
// page's largest paint is behind it, and lets go when it leaves the view or the page. Those are DOM facts, so the
// card's element reports them as they happen (its visibility observer, its attaching and detaching), as a button
// reports a click: nothing is forwarded from a render to the allocator.
import { useCallback, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { holdsSlot } from '../../../machines/media/liveRenderSlotsMachine';
import { useSystemActor } from '../../app/appActorContext';
import { afterLargestPaint } from './largestPaint';

export interface LiveRenderSlot {
  /** The card's element, as a ref: watched while `enabled` and attached. */
  watch: (element: HTMLElement | null) => void;
  /** Whether the card holds a slot (renders live). */
  granted: boolean;
}

/** While `enabled`, the watched element holds a slot when in view after the largest paint; it releases it otherwise. */
export function useLiveRenderSlot(enabled: boolean): LiveRenderSlot {
  const id = useId();
  const actor = useSystemActor('liveRenderSlots');
  const stopWatching = useRef<(() => void) | null>(null);
  const watch = useCallback(
    (element: HTMLElement | null) => {
      stopWatching.current?.();
      stopWatching.current = null;
      if (!element || !enabled) return;
      let attached = true;
      let inView = false;
      let painted = false;
      let waitingForPaint = false;
      const seen = (visible: boolean) => {
        inView = visible;
        if (!visible) return actor.send({ type: 'slot.release', id });
        if (painted) return actor.send({ type: 'slot.request', id });
        if (waitingForPaint) return;
        waitingForPaint = true;
        void afterLargestPaint().then(() => {
          painted = true;
          if (attached && inView) actor.send({ type: 'slot.request', id });
        });
      };
      // Without IntersectionObserver every card counts as in view.
      const observer = typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
          const entry = entries[entries.length - 1];
          if (entry) seen(entry.isIntersecting);
        });
      if (observer) observer.observe(element);
      else seen(true);
      stopWatching.current = () => {
        attached = false;
        observer?.disconnect();
        actor.send({ type: 'slot.release', id });
      };
    },
    [actor, id, enabled],
  );
  const granted = useSelector(actor, (snapshot) => enabled && holdsSlot(snapshot.context, id));
  return { watch, granted };
}
