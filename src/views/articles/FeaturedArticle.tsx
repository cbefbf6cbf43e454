import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { articleDate, type ArticleSummary } from '../../services/articles/mediaArticles';

/** See docs/requirements.md#content-pages: its cover, title and type, and Read → /article/{id}. */
export function FeaturedArticle({ article }: { article: ArticleSummary }) {
  return (
    <section className="featured-article" aria-labelledby="featured-article-title">
      {article.cover ? (
        <img className="featured-article-cover" {...responsiveImage(article.cover, IMAGE_SIZES.banner)} alt="" width={1600} height={600} decoding="async" fetchPriority="high" />
      ) : (
        <div className="featured-article-cover article-card-placeholder" aria-hidden="true" />
      )}
      <div className="featured-article-body">
        <p className="featured-article-label">Featured article</p>
        <p className="article-type">{article.type}</p>
        <h2 id="featured-article-title" className="featured-article-title">
          {article.title}
        </h2>
        <p className="article-card-date">
          <time dateTime={article.createdAt}>{articleDate(article.createdAt)}</time>
        </p>
        <Link to="/article/$id" params={{ id: article.id }} className="button button-primary" aria-label={`Read: ${article.title}`}>
          Read
        </Link>
      </div>
    </section>
  );
}
