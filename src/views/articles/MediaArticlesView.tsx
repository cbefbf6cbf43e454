import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ReadFailure } from '../../components/feedback/ReadFailure';
import { mediaArticlesPageFlow } from '../../services/flows/articles';
import { ArticleCard } from './ArticleCard';
import { FeaturedArticle } from './FeaturedArticle';
import '../../styles/artist.css';
import './articles.css';

/** Cards of the first row load their cover at once; the rest when they near the viewport. */
const EAGER_CARDS = 4;

/**
 * /media-articles (the editorial pages; docs/requirements.md#content-pages): the featured article, then every article as a card, newest first, with
 * 'More articles' while the server has further pages. A failed load says so, with Retry.
 */
export function MediaArticlesView() {
  useDocumentTitle('Media and Articles');
  const page = useFlow(mediaArticlesPageFlow);
  const loading = useSelector(page, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const featured = useSelector(page, (snapshot) => snapshot.context.featured);
  const articles = useSelector(page, (snapshot) => snapshot.context.articles);
  const hasNextPage = useSelector(page, (snapshot) => snapshot.context.hasNextPage);
  const loadingMore = useSelector(page, (snapshot) => snapshot.matches({ ready: 'loadingMore' }));
  const moreError = useSelector(page, (snapshot) => (snapshot.matches({ ready: 'moreFailed' }) ? snapshot.context.error : null));

  return (
    <div className="page media-articles-page">
      <header className="page-header">
        <h1 className="page-title">Media and Articles</h1>
        <p className="page-subheading">Interviews with our artists, essays on how digital art is made, and news from the exhibitions.</p>
      </header>
      {loading && (
        <p className="media-articles-status" role="status">
          Loading articles…
        </p>
      )}
      {failed !== null && (
        <ReadFailure className="media-articles-error" heading="Could not load the articles" error={failed} onRetry={() => page.send({ type: 'article.retry' })} />
      )}
      {!loading && failed === null && (
        <>
          {featured && <FeaturedArticle article={featured} />}
          <section className="media-articles-list" aria-labelledby="all-articles-title" aria-busy={loadingMore}>
            <h2 id="all-articles-title" className="section-title">
              All articles
            </h2>
            {articles.length === 0 ? (
              <p>No articles have been published yet.</p>
            ) : (
              <ul className="article-grid link-card-grid">
                {articles.map((article, index) => (
                  <li key={article.id}>
                    <ArticleCard article={article} eager={index < EAGER_CARDS} />
                  </li>
                ))}
              </ul>
            )}
            {moreError !== null && (
              <p role="alert" className="media-articles-more-error">
                Could not load more articles: {moreError}
              </p>
            )}
            {(hasNextPage || moreError !== null) && (
              <button type="button" className="button media-articles-more" disabled={loadingMore} onClick={() => page.send({ type: 'articles.more' })}>
                {loadingMore ? 'Loading more articles…' : 'More articles'}
              </button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
