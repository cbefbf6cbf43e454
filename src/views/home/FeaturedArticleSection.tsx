import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import type { ArticleSummary } from '../../services/articles/mediaArticles';
import { ArticleTeaserText } from '../articles/ArticleTeaserText';

const HOME_CLASSES = { type: 'home-article-type', title: 'home-article-title', date: 'home-article-date' };

/** See docs/requirements.md#content-pages "Featured article with a Read button" → /article/{id}. */
export default function FeaturedArticleSection({ data: article }: { data: ArticleSummary }) {
  const image = article.coverThumbnail ?? article.cover;
  return (
    <section className="home-section home-article" aria-labelledby="home-article-title">
      <h2 className="section-title">Featured article</h2>
      <div className="home-article-card">
        {image ? <img className="home-article-cover" {...responsiveImage(image, IMAGE_SIZES.wideCard)} alt="" width={480} height={180} loading="lazy" decoding="async" /> : null}
        <div className="home-article-body">
          <ArticleTeaserText article={article} titleId="home-article-title" level={3} classes={HOME_CLASSES} />
        </div>
      </div>
    </section>
  );
}
