import { createFileRoute } from '@tanstack/react-router';
import { FlipcardView } from '../views/content/FlipcardView';

// Seed 001 §2: the flipcard explainer.
export const Route = createFileRoute('/flipcard')({
  component: FlipcardView,
});
