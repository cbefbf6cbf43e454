import { createFileRoute } from '@tanstack/react-router';
import { ExploreView } from '../views/explore/ExploreView';

export const Route = createFileRoute('/explore')({
  component: ExploreView,
});
