// The search params of /preview/canvas/{id} and /canvas/{id}. Apart from canvasPreviewRoute.ts because a route's
// validateSearch is part of the entry chunk, while its loader (and the services it calls) loads with the route.
import { validShareToken } from '../../../services/studio/shareToken';

export interface CanvasPreviewSearch {
  share?: string;
}

/** `?share=` kept only when it can be a share token (anything else is dropped, not sent). */
export const validateCanvasPreviewSearch = (search: Record<string, unknown>): CanvasPreviewSearch => ({ share: validShareToken(search.share) });
