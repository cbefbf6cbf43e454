import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ReadFailure } from '../../components/feedback/ReadFailure';
import { articlePageFlow } from '../../services/flows/artist';
import { NotFoundView } from '../status/NotFoundView';
import '../../styles/artist.css';

/** /article/$id: another id is another page, so the flow starts afresh for it. */
export function ArticleView({ id }: { id: string }) {
  return <ArticlePage key={id} id={id} />;
}

/** The article (the artists' pages): its title and its body, sanitized by the service; no such article → the 404 view. */
function ArticlePage({ id }: { id: string }) {
  const page = useFlow(articlePageFlow, { input: { id } });
  const article = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.article : null));
  const notFound = useSelector(page, (snapshot) => snapshot.matches('notFound'));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useDocumentTitle(article?.title ?? (error !== null ? 'Article' : undefined));

  if (notFound) return <NotFoundView />;
  if (error !== null) {
    return (
      <div className="page article-page">
        <ReadFailure level={1} heading="Could not load this article" error={error} onRetry={() => page.send({ type: 'article.retry' })} />
      </div>
    );
  }
  if (!article) {
    return (
      <div className="page article-page" aria-busy="true">
        <p className="artist-visually-hidden" role="status">
          Loading article…
        </p>
      </div>
    );
  }
  return (
    <article className="page article-page" aria-labelledby="article-title">
      <header className="page-header">
        <p className="article-type">{article.type}</p>
        <h1 id="article-title" className="page-title">
          {article.title}
        </h1>
        {article.artist && (
          <p className="page-subheading">
            <Link to="/artist/$artistId" params={{ artistId: article.artist }}>
              About the artist
            </Link>
          </p>
        )}
      </header>
      <div className="article-body" dangerouslySetInnerHTML={{ __html: article.body }} />
    </article>
  );
}
