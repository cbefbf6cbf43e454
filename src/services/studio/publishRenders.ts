// The renders a generative collection is published with (domain/generativeRender.ts): each token's fixed frame drawn
// twice in its sandbox on this device. Two equal hashes are recorded; two different ones record that the piece varies
// (unseeded randomness, time); a WebGL sketch records that it is not verified. A token whose frame cannot be drawn is
// published without a render: the check is an extra, never a reason to stop a publication.
import { settleRender, type GenerativeRender } from '../../../domain/generativeRender';
import type { StudioCanvas } from '../../../machines/studio/studioTypes';
import type { ApiKeyCredentials } from '../authFetch';
import { isAbortError } from '../errors';
import { drawRenderCheck } from '../media/renderCheck';
import { fetchCanvasTokens } from './canvasTokens';
import { studioMediaToken } from './studioMedia';

const PER_PAGE = 100;

export async function recordRenders(
  credentials: ApiKeyCredentials,
  canvas: StudioCanvas,
  contentOrigin: string | null,
  signal?: AbortSignal,
): Promise<Record<string, GenerativeRender>> {
  const renders: Record<string, GenerativeRender> = {};
  let seen = 0;
  for (let page = 1; ; page += 1) {
    const { tokens, total } = await fetchCanvasTokens(credentials, { canvasId: canvas.id, page, perPage: PER_PAGE }, signal);
    for (const token of tokens) {
      const media = studioMediaToken(canvas, token);
      try {
        const first = await drawRenderCheck(media, contentOrigin, signal);
        const second = first.check === 'pixels' ? await drawRenderCheck(media, contentOrigin, signal) : first;
        renders[token.tokenId] = settleRender(first, second);
      } catch (error) {
        if (isAbortError(error)) throw error;
      }
    }
    seen += tokens.length;
    if (tokens.length === 0 || seen >= total) return renders;
  }
}
