import { createFileRoute } from '@tanstack/react-router';
import { ContactView } from '../views/contact/ContactView';

// Seed 001 §2 "/contact-us": the contact form and the info box (issue 16).
export const Route = createFileRoute('/contact-us')({
  component: ContactView,
});
