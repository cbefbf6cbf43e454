import { createFileRoute } from '@tanstack/react-router';
import { StudioView } from '../../views/studio/StudioView';

// See docs/requirements.md#shell-routes "/studio/create": a new collection (wallet and creator flag: the _studio layout's guard).
export const Route = createFileRoute('/_studio/studio/create')({
  component: function StudioCreateRoute() {
    return <StudioView containerId={null} />;
  },
});
