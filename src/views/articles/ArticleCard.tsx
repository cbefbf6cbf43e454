import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import '../../styles/linkCards.css';
import { articleDate, type ArticleSummary } from '../../services/articles/mediaArticles';

// The cover thumbnail (480 px wide webp) at the article covers' 8/3 shape: the size the card shows it at.
export const ARTICLE_CARD_IMAGE_WIDTH = 480;
export const ARTICLE_CARD_IMAGE_HEIGHT = 180;

/**
 * See docs/requirements.md#content-pages "a grid of article cards": the cover thumbnail, the title, the type and the date. The title's link
 * to /article/{id} covers the whole card, so the card is one tab stop.
 */
export function ArticleCard({ article, eager }: { article: ArticleSummary; eager: boolean }) {
  const titleId = useId();
  return (
    <article className="article-card link-card" aria-labelledby={titleId}>
      {article.coverThumbnail ? (
        <img
          className="article-card-cover"
          {...responsiveImage(article.coverThumbnail, IMAGE_SIZES.wideCard)}
          alt=""
          width={ARTICLE_CARD_IMAGE_WIDTH}
          height={ARTICLE_CARD_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="article-card-cover article-card-placeholder" aria-hidden="true" />
      )}
      <div className="article-card-body link-card-body">
        <p className="article-type">{article.type}</p>
        <h3 className="article-card-title" id={titleId}>
          <Link to="/article/$id" params={{ id: article.id }} className="article-card-link link-card-link">
            {article.title}
          </Link>
        </h3>
        <p className="article-card-date">
          <time dateTime={article.createdAt}>{articleDate(article.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}
