import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { articleDate, type ArticleSummary } from '../../services/articles/mediaArticles';

/** See docs/requirements.md#content-pages "Featured article with a Read button" → /article/{id}. */
export default function FeaturedArticleSection({ data: article }: { data: ArticleSummary }) {
  const image = article.coverThumbnail ?? article.cover;
  return (
    <section className="home-section home-article" aria-labelledby="home-article-title">
      <h2 className="section-title">Featured article</h2>
      <div className="home-article-card">
        {image ? <img className="home-article-cover" {...responsiveImage(image, IMAGE_SIZES.wideCard)} alt="" width={480} height={180} loading="lazy" decoding="async" /> : null}
        <div className="home-article-body">
          <p className="home-article-type">{article.type}</p>
          <h3 id="home-article-title" className="home-article-title">
            {article.title}
          </h3>
          <p className="home-article-date">
            <time dateTime={article.createdAt}>{articleDate(article.createdAt)}</time>
          </p>
          <Link to="/article/$id" params={{ id: article.id }} className="button button-primary" aria-label={`Read: ${article.title}`}>
            Read
          </Link>
        </div>
      </div>
    </section>
  );
}
