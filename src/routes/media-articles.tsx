import { createFileRoute } from '@tanstack/react-router';
import { MediaArticlesView } from '../views/articles/MediaArticlesView';

// See docs/requirements.md#content-pages: the featured article and a grid of article cards (the editorial pages).
export const Route = createFileRoute('/media-articles')({
  component: MediaArticlesRoute,
});

function MediaArticlesRoute() {
  return <MediaArticlesView />;
}
