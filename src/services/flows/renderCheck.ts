// A generative token page's render check (machines/media/renderCheckMachine): this device draws the token's fixed
// frame in its sandbox once the page's largest paint is behind it, and the machine compares it with the recorded one.
import { fromPromise } from 'xstate';
import type { GenerativeRender } from '../../../domain/generativeRender';
import { createRenderCheckMachine } from '../../../machines/media/renderCheckMachine';
import { afterLargestPaint } from '../../components/media/largestPaint';
import type { MediaToken } from '../../components/media/MediaThumbnail';
import { drawRenderCheck } from '../media/renderCheck';
import { contentOriginOf } from '../media/sandboxFrame';

export const renderCheckFlow = createRenderCheckMachine<MediaToken>().provide({
  actors: {
    pageSettled: fromPromise(() => afterLargestPaint()),
    drawRender: fromPromise<GenerativeRender, { token: MediaToken }>(({ input, signal, system }) =>
      drawRenderCheck(input.token, contentOriginOf(system), signal),
    ),
  },
});
