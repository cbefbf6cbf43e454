// A generative token's facts on its page (its own chunk, loaded for generative tokens only): the seed it is drawn
// with, and the render check (domain/generativeRender.ts): whether this device draws the frame recorded when the
// piece was published. Rows of the page's "About this artwork" list.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { recordedRender } from '../../../domain/generativeRender';
import { useFlow } from '../../app/flows';
import { renderCheckFlow } from '../../services/flows/renderCheck';
import { generativeSpec } from './mediaSpec';
import type { MediaToken } from './MediaThumbnail';

export interface GenerativeFactsProps {
  token: MediaToken & { metadata?: unknown };
}

export default function GenerativeFacts({ token }: GenerativeFactsProps) {
  const seed = useMemo(() => generativeSpec(token)?.seed ?? null, [token]);
  const input = useMemo(() => ({ token, recorded: recordedRender(token.metadata) }), [token]);
  const flow = useFlow(renderCheckFlow, { input });
  const state = useSelector(flow, (snapshot) => snapshot.value as string);
  const recorded = useSelector(flow, (snapshot) => snapshot.context.recorded);
  let render: string;
  switch (state) {
    case 'verified':
      render = 'Verified render';
      break;
    case 'differs':
      render = 'This device renders this piece differently';
      break;
    case 'failed':
      render = 'The render could not be checked on this device.';
      break;
    case 'unverified':
      render =
        recorded?.check === 'none' && recorded.reason === 'webgl'
          ? 'WebGL sketches are not verified: graphics cards draw them differently.'
          : 'Not verified: this piece draws differently each time.';
      break;
    case 'unrecorded':
      render = 'No render was recorded when this piece was published.';
      break;
    default:
      render = 'Checking the render…';
  }
  return (
    <>
      {seed !== null && (
        <div>
          <dt>Seed</dt>
          <dd>
            <code className="token-seed">{seed}</code>
          </dd>
        </div>
      )}
      <div className="render-check-row">
        <dt>Render</dt>
        {/* The outcome is announced: a status inside the dd (a dd keeps its own role in the list), the retry beside it. */}
        <dd className="render-check" data-render-check={state}>
          <span role="status">
            {state === 'verified' && (
              <svg className="render-check-mark" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
            {render}
          </span>
          {state === 'failed' && (
            <button type="button" className="button render-check-retry" onClick={() => flow.send({ type: 'check.retry' })}>
              Check again
            </button>
          )}
        </dd>
      </div>
    </>
  );
}
