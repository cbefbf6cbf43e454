import { useSelector } from '@xstate/react';
import { Suspense, useCallback, type ComponentType } from 'react';
import type { AnyStateMachine } from 'xstate';
import { useFlow } from '../../app/flows';
import { ChunkBoundary } from '../../components/data/ChunkBoundary';
import { useNear } from '../../components/data/useNear';

interface NearSectionProps<TData> {
  /** The section's flow (machines/home/homeSectionMachine.ts): loads on section.near. */
  flow: AnyStateMachine;
  /** Starts downloading the section's code (the same import the lazy component uses). */
  preload: () => Promise<unknown>;
  /** The section, lazily loaded (retryableLazy). */
  Section: ComponentType<{ data: TData }>;
  /** The placeholder's class: it keeps roughly the section's height while it loads. */
  slotClassName: string;
}

/**
 * A home section below the fold: an empty slot until it comes near the viewport, then its code and its data load
 * together; it shows when both are in. A section with nothing to show, or whose data or code failed to load, is left
 * out — no box, no error text (docs/requirements.md#home).
 */
export function NearSection<TData>({ flow, preload, Section, slotClassName }: NearSectionProps<TData>) {
  const section = useFlow(flow);
  const state = useSelector(section, (snapshot) => snapshot.value as string);
  const data = useSelector(section, (snapshot) => snapshot.context.data as TData | null);
  const onNear = useCallback(() => {
    void preload().catch(() => undefined);
    section.send({ type: 'section.near' });
  }, [preload, section]);
  const near = useNear<HTMLDivElement>(onNear);
  if (state === 'absent') return null;
  const slot = <div ref={state === 'idle' ? near : undefined} className={`home-slot ${slotClassName}`} aria-hidden="true" />;
  if (state !== 'ready' || data === null) return slot;
  return (
    <ChunkBoundary fallback={null}>
      <Suspense fallback={slot}>
        <Section data={data} />
      </Suspense>
    </ChunkBoundary>
  );
}
