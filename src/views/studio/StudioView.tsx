// The creator studio (/studio/create, /studio/edit/$containerId): the stepper with the page title and the shown step.
// The studio machine's first state reads what a reload kept, so the artist comes back to the same step and values. The phone-performance work: the page is a plain container (the app layout's <main> is the page's one main landmark).
import { Suspense, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { stepperOf, stepTitle, STUDIO_STEPS, type StudioStep } from '../../../machines/studio/studioSteps';
import { retryableLazy } from '../../app/chunkLoad';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { studioFlow } from '../../services/flows/studio';
import { DetailsStep } from './details/DetailsStep';
import { StudioActorContext, StudioLoadFailure, shownStep, useStudioActor } from './studioActor';
import { StudioStepper } from './StudioStepper';
import './studio.css';

/** A step's view as a chunk of its own (its export `name` of the module `load` imports). */
const lazyStep = <M,>(load: () => Promise<M>, name: keyof M): ComponentType<object> =>
  retryableLazy(() => load().then((module) => ({ default: module[name] as ComponentType<object> })));

// The steps past the details form (upload, thumbnail, tokens, preview, publish) load when the machine reaches them
// (the phone-performance work: the studio's first load is the details form); the worker precaches them, so they open offline
// (offline-first), and one that cannot load goes to the route's error view, whose Retry imports it again.
const UploadStep = lazyStep(() => import('./upload/UploadStep'), 'UploadStep');
const FlipcardPreviewStep = lazyStep(() => import('./thumbnail/WorkTokenSteps'), 'FlipcardPreviewStep');
const GenerativeTokenStep = lazyStep(() => import('./thumbnail/WorkTokenSteps'), 'GenerativeTokenStep');
const ThumbnailStep = lazyStep(() => import('./thumbnail/ThumbnailStep'), 'ThumbnailStep');
const TokenStep = lazyStep(() => import('./tokens/TokenStep'), 'TokenStep');
const PreviewStep = lazyStep(() => import('./review/PreviewStep'), 'PreviewStep');
const PublishStep = lazyStep(() => import('./review/PublishStep'), 'PublishStep');

/** The studio flow for the page: a reload brings back its stored step, values, cover and upload queue; else a fresh one. */
export function StudioView({ containerId }: { containerId: string | null }) {
  const studio = useFlow(studioFlow, { input: containerId ? { containerId } : {} });
  return (
    <StudioActorContext.Provider value={studio}>
      <StudioPage newPage={containerId === null} />
    </StudioActorContext.Provider>
  );
}

const isStep = (value: string): value is StudioStep => (STUDIO_STEPS as readonly string[]).includes(value);

/**
 * A new collection, once saved, goes on at its own address (/studio/edit/$containerId), where the studio reads back
 * what this one stored. Until that page replaces this one, /studio/create shows it as loading: a file chosen in the
 * moment between the two would go to a studio about to stop, and be lost.
 */
function StudioPage({ newPage }: { newPage: boolean }) {
  const studio = useStudioActor();
  const movedOn = useSelector(studio, (snapshot) => newPage && snapshot.context.containerId !== null);
  const current = useSelector(studio, shownStep);
  const step = movedOn ? 'restoring' : current;
  const mediaType = useSelector(studio, (snapshot) => snapshot.context.canvas?.mediaType ?? (snapshot.context.details.values.mediaType || null));
  const name = useSelector(studio, (snapshot) => snapshot.context.canvas?.name ?? null);
  const title = isStep(step) ? stepTitle(step, mediaType) : 'Studio';
  useDocumentTitle(name ? `${title} · ${name}` : title);

  return (
    // Busy while the studio reads what a reload kept (its first state).
    <div className="studio-page" aria-busy={step === 'restoring' || undefined}>
      <h1>{title}</h1>
      {name && <p className="studio-collection-name">{name}</p>}
      {isStep(step) && <StudioStepper steps={stepperOf(mediaType)} current={step === 'update' ? 'details' : step} mediaType={mediaType} />}
      <Suspense fallback={<p className="studio-status">Loading …</p>}>
        <StepContent step={step} />
      </Suspense>
    </div>
  );
}

function StepContent({ step }: { step: ReturnType<typeof shownStep> }) {
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
      return <StudioLoadFailure message="The collection could not be loaded." />;
    default:
      return <p className="studio-status">Loading …</p>;
  }
}
