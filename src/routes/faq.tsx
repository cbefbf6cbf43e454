import { createFileRoute } from '@tanstack/react-router';
import { FaqView } from '../views/content/FaqView';

// Seed 001 §2: FAQ (11 questions).
export const Route = createFileRoute('/faq')({
  component: FaqView,
});
