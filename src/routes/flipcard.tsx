import { createFileRoute } from '@tanstack/react-router';
import { FlipcardView } from '../views/content/FlipcardView';

// See docs/requirements.md#content-pages: the flipcard explainer.
export const Route = createFileRoute('/flipcard')({
  component: FlipcardView,
});
