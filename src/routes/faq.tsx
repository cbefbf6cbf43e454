import { createFileRoute } from '@tanstack/react-router';
import { FaqView } from '../views/content/FaqView';

// See docs/requirements.md#content-pages: FAQ (11 questions).
export const Route = createFileRoute('/faq')({
  component: FaqView,
});
