// A device's own render of a generative token for the render check (domain/generativeRender.ts): the token's sandboxed
// page runs out of sight in a square frame of RENDER_CHECK_SIZE, in its `verify` mode, and posts the hash of its fixed
// frame. The studio records two such renders when publishing; a token page draws one and compares.
import { parseGenerativeRender, RENDER_CHECK_SIZE, type GenerativeRender } from '../../../domain/generativeRender';
import type { MediaToken } from '../../components/media/MediaThumbnail';
import { generativeSpec, sandboxUrl } from '../../components/media/mediaSpec';
import { ServiceError } from '../errors';
import { offscreenSandboxFrame } from './sandboxFrame';

export class RenderCheckError extends ServiceError {
  override name = 'RenderCheckError';
}

/** How long a render may take before the check gives up (a sketch's setup may load its own assets). */
export const RENDER_CHECK_TIMEOUT_MS = 20_000;

const aborted = () => new DOMException('Stopped.', 'AbortError');

/** Draws the token's fixed frame in its sandbox and answers the render the sandbox hashed. */
export function drawRenderCheck(token: MediaToken, contentOrigin: string | null, signal?: AbortSignal, timeoutMs = RENDER_CHECK_TIMEOUT_MS): Promise<GenerativeRender> {
  if (signal?.aborted) return Promise.reject(aborted());
  if (!contentOrigin) return Promise.reject(new RenderCheckError('The artwork cannot be drawn before the configuration has loaded.'));
  const spec = generativeSpec(token);
  if (!spec) return Promise.reject(new RenderCheckError('The artwork has no sketch or seed to draw.'));
  return new Promise<GenerativeRender>((resolve, reject) => {
    const frame = offscreenSandboxFrame(RENDER_CHECK_SIZE);
    frame.title = 'Render check';
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
      frame.remove();
      settle();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown; detail?: unknown } | null;
      if (data?.source !== 'artbazaar-sandbox') return;
      if (data.type === 'verify') {
        const render = parseGenerativeRender(data.detail);
        finish(() => (render ? resolve(render) : reject(new RenderCheckError('The artwork could not be drawn to check its render.'))));
      } else if (data.type === 'verify-failed' || data.type === 'failed') {
        finish(() => reject(new RenderCheckError('The artwork could not be drawn to check its render.')));
      }
    };
    const onAbort = () => finish(() => reject(aborted()));
    const timer = setTimeout(() => finish(() => reject(new RenderCheckError('The artwork did not draw in time to check its render.'))), timeoutMs);
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort, { once: true });
    frame.src = sandboxUrl(spec, contentOrigin, 'verify');
    document.body.append(frame);
  });
}
