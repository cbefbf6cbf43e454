import { createFileRoute } from '@tanstack/react-router';
import { CanvasPreviewView } from '../views/studio/canvasPreview/CanvasPreviewView';
import { loadCanvasPreview } from '../views/studio/canvasPreview/canvasPreviewRoute';
import { validateCanvasPreviewSearch } from '../views/studio/canvasPreview/canvasPreviewSearch';

// See docs/requirements.md#shell-routes: the shared canvas view (same page as /preview/canvas/{container_id}).
export const Route = createFileRoute('/canvas/$containerId')({
  validateSearch: validateCanvasPreviewSearch,
  loaderDeps: ({ search }) => ({ share: search.share }),
  loader: ({ context, params, deps, abortController }) =>
    loadCanvasPreview({ appActor: context.appActor, canvasId: params.containerId, share: deps.share, signal: abortController.signal }),
  component: function CanvasRoute() {
    const canvas = Route.useLoaderData();
    const { share } = Route.useSearch();
    return <CanvasPreviewView key={canvas.id} canvas={canvas} share={share} />;
  },
});
