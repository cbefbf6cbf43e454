import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../views/status/NotFoundView';

export const Route = createFileRoute('/404')({
  component: NotFoundView,
});
