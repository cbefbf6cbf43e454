import { createFileRoute } from '@tanstack/react-router';
import { StudioView } from '../../views/studio/StudioView';

// See docs/requirements.md#shell-routes "/studio/edit/{container_id}": continue a collection on the step its state calls for (a reload comes
// back to the step it left).
export const Route = createFileRoute('/_studio/studio/edit/$containerId')({
  component: function StudioEditRoute() {
    const { containerId } = Route.useParams();
    return <StudioView key={containerId} containerId={containerId} />;
  },
});
