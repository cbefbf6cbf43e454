import { createFileRoute } from '@tanstack/react-router';
import { LearnView } from '../views/content/LearnView';

// See docs/requirements.md#shell-routes: /learn, about us.
export const Route = createFileRoute('/learn')({
  component: LearnView,
});
