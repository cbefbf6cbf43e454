// Seed 001 §2 "Publish step", §4, §8: Publish (the server pins the metadata, then one wallet transaction
// CreateTradableCollection through the contractAction child, which shows 'Approve in wallet') and Share (the preview
// link); both are gone once the collection is published.
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { GateReason, useNetworkGate } from '../../../components/offline/networkGate';
import { PhaseStatus, phaseOf } from '../../../components/trading/PhaseStatus';
import { useStudioActor } from '../studioActor';
import { CanvasTokenGrid } from './CanvasTokenGrid';

export function PublishStep() {
  const studio = useStudioActor();
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const published = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'published' } }));
  const waiting = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'waiting' } }) || snapshot.matches({ publish: { flow: 'confirming' } }));
  const preparing = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'preparing' } }));
  const canPublish = useSelector(studio, (snapshot) => snapshot.can({ type: 'publish.start' }));
  const canShare = useSelector(studio, (snapshot) => snapshot.can({ type: 'publish.share' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const gate = useNetworkGate('network');
  const action = useSelector(studio, (snapshot) => snapshot.children.publishAction as AnyActorRef | undefined);
  const phase = useSelector(action, (snapshot: Parameters<typeof phaseOf>[0]) => phaseOf(snapshot));
  if (!canvas) return <p className="studio-status">Loading …</p>;
  return (
    <section className="studio-publish" aria-label="Publish">
      {published ? (
        <p className="studio-status" role="status">
          {canvas.name} is published.
        </p>
      ) : (
        <>
          <div className="studio-actions">
            <button type="button" className="button" disabled={!canShare} onClick={() => studio.send({ type: 'publish.share' })}>
              Share
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!canPublish || busy || gate.blocked}
              aria-busy={busy || undefined}
              aria-describedby={gate.describedBy}
              onClick={() => studio.send({ type: 'publish.start' })}
            >
              Publish
            </button>
            <GateReason gate={gate} />
          </div>
          {preparing && (
            <p className="studio-status" role="status">
              Preparing the collection's metadata …
            </p>
          )}
          <PhaseStatus phase={phase} />
          {waiting && (
            <p className="studio-status" role="status">
              Waiting for the chain to record the collection …
            </p>
          )}
        </>
      )}
      <CanvasTokenGrid canvas={canvas} label={`${canvas.name} tokens`} />
    </section>
  );
}
