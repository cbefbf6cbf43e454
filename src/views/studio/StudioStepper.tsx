// See docs/requirements.md#studio-upload "Stepper with page titles": the media type's steps, the shown one marked as the current step.
import { stepTitle, type StudioStep } from '../../../machines/studio/studioSteps';
import type { StudioMediaType } from '../../../domain/studioRules';

export function StudioStepper({ steps, current, mediaType }: { steps: StudioStep[]; current: StudioStep | null; mediaType: StudioMediaType | null }) {
  const currentIndex = current ? steps.indexOf(current) : -1;
  return (
    <nav className="studio-stepper" aria-label="Studio steps">
      <ol>
        {steps.map((step, index) => (
          <li
            key={step}
            className={index === currentIndex ? 'studio-step studio-step-current' : index < currentIndex ? 'studio-step studio-step-done' : 'studio-step'}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="studio-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="studio-step-title">{stepTitle(step, mediaType)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
