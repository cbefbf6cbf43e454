import { createFileRoute } from '@tanstack/react-router';
import { LearnView } from '../views/content/LearnView';

// Seed 001 §2: /learn, about us.
export const Route = createFileRoute('/learn')({
  component: LearnView,
});
