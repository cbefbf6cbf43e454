import { createFileRoute } from '@tanstack/react-router';
import { ArticleView } from '../views/article/ArticleView';

// The artists' pages: an article (the artist page's 'Read more'); an unknown id shows the 404 view.
export const Route = createFileRoute('/article/$id')({
  component: ArticleRoute,
});

function ArticleRoute() {
  const { id } = Route.useParams();
  return <ArticleView id={id} />;
}
