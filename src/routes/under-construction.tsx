import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionView } from '../views/status/UnderConstructionView';

export const Route = createFileRoute('/under-construction')({
  component: UnderConstructionView,
});
