// The canvas preview's token grid (the preview page and the studio's review steps), in tokenId order.
import { fetchCanvasPreviewTokens } from '../studio/canvasPreview';
import { pagedListFlow } from './lists';

export const canvasPreviewTokensList = pagedListFlow(fetchCanvasPreviewTokens);
