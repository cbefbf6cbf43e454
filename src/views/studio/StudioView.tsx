// The creator studio (/studio/create, /studio/edit/$containerId): the stepper with the page title and the shown step.
// The studio flow starts from the snapshot a reload kept (read first), so the artist comes back to the same step and
// values.
import { useActorRef, useSelector } from '@xstate/react';
import type { Snapshot } from 'xstate';
import { stepperOf, stepTitle, STUDIO_STEPS, type StudioStep } from '../../../machines/studio/studioSteps';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { studioFlow } from '../../services/flows/studio';
import { storedStudioSnapshot } from '../../services/studio/studioPersistence';
import { DetailsStep } from './details/DetailsStep';
import { PreviewStep } from './review/PreviewStep';
import { PublishStep } from './review/PublishStep';
import { StudioActorContext, shownStep, useStudioActor } from './studioActor';
import { StudioStepper } from './StudioStepper';
import { ThumbnailStep } from './thumbnail/ThumbnailStep';
import { FlipcardPreviewStep, GenerativeTokenStep } from './thumbnail/WorkTokenSteps';
import { TokenStep } from './tokens/TokenStep';
import { UploadStep } from './upload/UploadStep';
import './studio.css';

export function StudioView({ containerId }: { containerId: string | null }) {
  const stored = useActorRef(storedStudioSnapshot, { input: { containerId } });
  const read = useSelector(stored, (snapshot) => snapshot.status !== 'active');
  const restored = useSelector(stored, (snapshot) => snapshot.output ?? null);
  if (!read) {
    return (
      <main className="studio-page" aria-busy="true">
        <h1>Studio</h1>
        <p className="studio-status">Loading …</p>
      </main>
    );
  }
  return <StudioFlow containerId={containerId} snapshot={restored} />;
}

/** A reload restores the studio's persisted snapshot (same step, values, cover and upload queue); else a fresh one. */
function StudioFlow({ containerId, snapshot }: { containerId: string | null; snapshot: Snapshot<unknown> | null }) {
  const studio = useFlow(studioFlow, snapshot ? { snapshot } : { input: containerId ? { containerId } : {} });
  return (
    <StudioActorContext.Provider value={studio}>
      <StudioPage />
    </StudioActorContext.Provider>
  );
}

const isStep = (value: string): value is StudioStep => (STUDIO_STEPS as readonly string[]).includes(value);

function StudioPage() {
  const studio = useStudioActor();
  const step = useSelector(studio, shownStep);
  const mediaType = useSelector(studio, (snapshot) => snapshot.context.canvas?.mediaType ?? (snapshot.context.details.values.mediaType || null));
  const name = useSelector(studio, (snapshot) => snapshot.context.canvas?.name ?? null);
  const title = isStep(step) ? stepTitle(step, mediaType) : 'Studio';
  useDocumentTitle(name ? `${title} · ${name}` : title);

  return (
    <main className="studio-page">
      <h1>{title}</h1>
      {name && <p className="studio-collection-name">{name}</p>}
      {isStep(step) && <StudioStepper steps={stepperOf(mediaType)} current={step === 'update' ? 'details' : step} mediaType={mediaType} />}
      <StepContent step={step} />
    </main>
  );
}

function StepContent({ step }: { step: ReturnType<typeof shownStep> }) {
  const studio = useStudioActor();
  switch (step) {
    case 'details':
      return <DetailsStep mode="details" />;
    case 'update':
      return <DetailsStep mode="update" />;
    case 'upload':
      return <UploadStep />;
    case 'flipcardPreview':
      return <FlipcardPreviewStep />;
    case 'generativeToken':
      return <GenerativeTokenStep />;
    case 'thumbnail':
      return <ThumbnailStep />;
    case 'token':
      return <TokenStep />;
    case 'preview':
      return <PreviewStep />;
    case 'publish':
      return <PublishStep />;
    case 'failed':
      return (
        <p className="studio-status" role="alert">
          The collection could not be loaded.{' '}
          <button type="button" className="button" onClick={() => studio.send({ type: 'studio.retry' })}>
            Retry
          </button>
        </p>
      );
    default:
      return <p className="studio-status">Loading …</p>;
  }
}
