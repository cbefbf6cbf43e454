import { createFileRoute } from '@tanstack/react-router';
import { ContactView } from '../views/contact/ContactView';

// See docs/requirements.md#contact: the contact form and the info box (the editorial pages).
export const Route = createFileRoute('/contact-us')({
  component: ContactView,
});
