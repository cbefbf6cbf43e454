import { createFileRoute } from '@tanstack/react-router';
import { MediaArticlesView } from '../views/articles/MediaArticlesView';

// Seed 001 §2 "/media-articles": the featured article and a grid of article cards (issue 16).
export const Route = createFileRoute('/media-articles')({
  component: MediaArticlesRoute,
});

function MediaArticlesRoute() {
  return <MediaArticlesView />;
}
