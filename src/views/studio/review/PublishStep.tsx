// See docs/requirements.md#studio-publish: Publish (the server pins the metadata, then one wallet transaction
// CreateTradableCollection through the contractAction child, which shows 'Approve in wallet') and Share (the preview
// link); both are gone once the collection is published. The phone-performance work: before Publish, a summary of what will be minted
// (the Publish button is described by it); once published, links onward (the collection, listing it, the dashboard).
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { MEDIA_TYPE_LABELS } from '../../../../domain/studioRules';
import type { StudioCanvas } from '../../../../machines/studio/studioTypes';
import { GatedButton } from '../../../components/offline/networkGate';
import { PhaseStatus, phaseOf } from '../../../components/trading/PhaseStatus';
import { useChainName } from '../../token/TokenFacts';
import { useStudioActor } from '../studioActor';
import { CanvasTokenGrid } from './CanvasTokenGrid';

export function PublishStep() {
  const studio = useStudioActor();
  const canvas = useSelector(studio, (snapshot) => snapshot.context.canvas);
  const published = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'published' } }));
  // Published from the transaction's receipt; the marketplace's indexer has not confirmed it yet.
  const indexing = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: { published: 'indexing' } } }) || snapshot.matches({ publish: { flow: { published: 'confirming' } } }));
  const onChain = useSelector(studio, (snapshot) => snapshot.context.onChain);
  const waiting = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'waiting' } }) || snapshot.matches({ publish: { flow: 'confirming' } }));
  const preparing = useSelector(studio, (snapshot) => snapshot.matches({ publish: { flow: 'preparing' } }));
  const canPublish = useSelector(studio, (snapshot) => snapshot.can({ type: 'publish.start' }));
  const canShare = useSelector(studio, (snapshot) => snapshot.can({ type: 'publish.share' }));
  const busy = useSelector(studio, (snapshot) => snapshot.hasTag('busy'));
  const action = useSelector(studio, (snapshot) => snapshot.children.publishAction as AnyActorRef | undefined);
  const phase = useSelector(action, (snapshot: Parameters<typeof phaseOf>[0]) => phaseOf(snapshot));
  if (!canvas) return <p className="studio-status">Loading …</p>;
  return (
    <section className="studio-publish" aria-label="Publish">
      {published ? (
        <>
          <p className="studio-status" role="status">
            {canvas.name} is published.
          </p>
          {indexing && <p className="studio-status">{INDEXING_TEXT}</p>}
          <PublishedLinks canvas={canvas} address={canvas.address ?? onChain?.address ?? null} />
        </>
      ) : (
        <>
          <PublishSummary canvas={canvas} />
          <div className="studio-actions">
            <GatedButton gate="network" hiddenReason className="button" disabled={!canShare} onClick={() => studio.send({ type: 'publish.share' })}>
              Share
            </GatedButton>
            <GatedButton
              gate="network"
              className="button button-primary"
              disabled={!canPublish || busy}
              aria-busy={busy || undefined}
              aria-describedby={SUMMARY_ID}
              onClick={() => studio.send({ type: 'publish.start' })}
            >
              Publish
            </GatedButton>
          </div>
          {preparing && (
            <p className="studio-status" role="status">
              {canvas.mediaType === 'multipart/mixed'
                ? "Drawing each token to record its render, then preparing the collection's metadata …"
                : "Preparing the collection's metadata …"}
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

const SUMMARY_ID = 'studio-publish-summary';

/** While the indexer has not confirmed the collection (the collection page says the same). */
const INDEXING_TEXT = 'The marketplace is indexing this collection: it appears in explore and can be listed for sale once it is indexed.';

/** The royalty as a percentage with its basis points: 500 → '5% (500 basis points)'. */
export const royaltyText = (basisPoints: number) => `${basisPoints / 100}% (${basisPoints} basis points)`;

/** What the one CreateTradableCollection transaction will mint. */
function PublishSummary({ canvas }: { canvas: StudioCanvas }) {
  const chain = useChainName(canvas.chainId);
  const tokens = canvas.tokenCount === 1 ? '1 token' : `${canvas.tokenCount} tokens`;
  const editions = canvas.supplyPerToken === 1 ? '1 edition' : `${canvas.supplyPerToken} editions`;
  return (
    <section className="studio-publish-what" aria-labelledby="studio-publish-summary-title">
      <h2 id="studio-publish-summary-title">What will be minted</h2>
      <dl id={SUMMARY_ID} className="studio-publish-summary">
        <dt>Collection</dt>
        <dd>{canvas.name}</dd>
        <dt>Media type</dt>
        <dd>{MEDIA_TYPE_LABELS[canvas.mediaType]}</dd>
        <dt>Tokens</dt>
        <dd>{`${tokens}, ${editions} each`}</dd>
        <dt>Royalty</dt>
        <dd>{royaltyText(canvas.royaltiesBasispoints)}</dd>
        <dt>Chain</dt>
        <dd>{chain}</dd>
      </dl>
    </section>
  );
}

/** Where to go once the collection is on chain (no dead end): its page, listing it (My creations), the dashboard. */
function PublishedLinks({ canvas, address }: { canvas: StudioCanvas; address: string | null }) {
  const onChain = address ? { address, chainId: String(canvas.chainId) } : null;
  return (
    <nav aria-label="After publishing">
      <ul className="studio-published-links">
        {onChain && (
          <li>
            <Link to="/collection/$address/$chainId" params={onChain} className="button button-primary">
              View the collection
            </Link>
          </li>
        )}
        <li>
          {/* My creations: the collection's card holds its sell form (full collection or by token). */}
          <Link to="/account/dashboard" search={{ tab: 'creations' }} className="button">
            List it for sale
          </Link>
        </li>
        <li>
          <Link to="/account/dashboard" className="button">
            Go to the dashboard
          </Link>
        </li>
      </ul>
    </nav>
  );
}
