import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import type { ArticleSummary } from '../../services/articles/mediaArticles';
import { ArticleTeaserText } from './ArticleTeaserText';

const FEATURED_CLASSES = { type: 'article-type', title: 'featured-article-title', date: 'article-card-date' };

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
        <ArticleTeaserText article={article} titleId="featured-article-title" level={2} classes={FEATURED_CLASSES} />
      </div>
    </section>
  );
}
