// A studio token as the shared media viewers read it (src/components/media): the token page's viewers render the
// studio's preview, so a generative token shows in the same sandboxed frame with the same seed.
import type { StudioCanvas, StudioToken } from '../../../machines/studio/studioTypes';
import type { MediaToken } from '../../components/media/MediaThumbnail';
import { offscreenSandboxFrame } from '../media/sandboxFrame';
import { CaptureError, generativeFrame, gifFirstFrame, videoFrame } from './capture';

/** The token with its canvas's attributes; a generative token's seed value under the canvas's seed variable name. */
export function studioMediaToken(canvas: Pick<StudioCanvas, 'id' | 'attributes'>, token: StudioToken): MediaToken {
  const attributes = { ...(token.attributes ?? {}) };
  const index = (canvas.attributes?.index ?? null) as { seedVariableName?: unknown } | null;
  const variable = typeof index?.seedVariableName === 'string' ? index.seedVariableName : null;
  if (variable && attributes.seedValue !== undefined && attributes[variable] === undefined) attributes[variable] = attributes.seedValue;
  return {
    _id: `${canvas.id}:${token.tokenId}`,
    name: token.name,
    mediaType: token.mediaType,
    mediaUrl: token.mediaUrl,
    thumbnailUrl: token.thumbnailUrl,
    attributes,
    collection: { attributes: canvas.attributes },
  };
}

/** Fixed size of the frame a generative thumbnail is drawn in (the studio preview shows the same size). */
export const GENERATIVE_CAPTURE_SIZE = 600;

/** Runs the token's sandboxed page out of sight at the fixed size, waits for its drawing and takes it as a png. */
async function captureGenerative(token: MediaToken, contentOrigin: string | null, signal?: AbortSignal): Promise<Blob> {
  // The media helpers load with the capture, so no viewer code is reachable from the app's entry.
  const { generativeSpec, sandboxUrl } = await import('../../components/media/mediaSpec');
  const spec = generativeSpec(token);
  if (!contentOrigin) return Promise.reject(new CaptureError('The artwork cannot be drawn before the configuration has loaded.'));
  if (!spec) return Promise.reject(new CaptureError('The artwork has no sketch or seed to draw.'));
  const frame = offscreenSandboxFrame(GENERATIVE_CAPTURE_SIZE);
  const rendered = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (data?.source !== 'artbazaar-sandbox') return;
      if (data.type === 'rendered') {
        window.removeEventListener('message', onMessage);
        resolve();
      } else if (data.type === 'failed') {
        window.removeEventListener('message', onMessage);
        reject(new CaptureError('The artwork could not be drawn.'));
      }
    };
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', () => window.removeEventListener('message', onMessage), { once: true });
  });
  frame.src = sandboxUrl(spec, contentOrigin);
  document.body.append(frame);
  // Let the sketch draw its first frames after the canvas appears before taking it.
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 300));
  return rendered
    .then(settle)
    .then(() => generativeFrame(frame.contentWindow!, signal))
    .finally(() => frame.remove());
}

/**
 * The default thumbnail of the gif, video or generative token (docs/requirements.md#studio-upload, "Video screen"). A generative
 * token is drawn by the sandbox page on `contentOrigin` (the server config's), which posts its canvas back.
 */
export function captureDefaultThumbnail(
  canvas: StudioCanvas,
  token: StudioToken,
  contentOrigin: string | null,
  signal?: AbortSignal,
): Promise<Blob> {
  if (canvas.mediaType === 'multipart/mixed') return captureGenerative(studioMediaToken(canvas, token), contentOrigin, signal);
  if (!token.mediaUrl) return Promise.reject(new CaptureError('The token has no media to draw.'));
  if (canvas.mediaType === 'video') return videoFrame(token.mediaUrl, 0, signal);
  return gifFirstFrame(token.mediaUrl, signal);
}
