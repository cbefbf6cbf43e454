import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import type { ArtistArticle, ArtistInfo } from '../../services/artists/artist';
import type { SanitizedHtml } from '../../services/sanitizeHtml';
import { formatHighlightDate } from './artistLinks';

// Portfolio images (png, jpeg or webp: never a gif) are squares in a grid of about this size, shown through their
// derivatives (responsiveImage).
const PORTFOLIO_SIZE = 320;

/** Comments (about): the artist's about text (not a comment thread). */
export function ArtistAbout({ text }: { text: string }) {
  return (
    <section className="artist-section" aria-labelledby="artist-about-title">
      <h2 id="artist-about-title" className="section-title">About</h2>
      <p className="artist-text">{text}</p>
    </section>
  );
}

/** Highlights: date and achievement rows. */
export function ArtistHighlights({ highlights }: { highlights: ArtistInfo['highlights'] }) {
  return (
    <section className="artist-section" aria-labelledby="artist-highlights-title">
      <h2 id="artist-highlights-title" className="section-title">Highlights</h2>
      <dl className="artist-highlights">
        {highlights.map((highlight, index) => (
          <div key={index} className="artist-highlight">
            <dt>
              <time dateTime={highlight.date}>{formatHighlightDate(highlight.date)}</time>
            </dt>
            <dd>{highlight.achievement}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The first article: its title, its body (already sanitized by the service that read it; absent while it loads
 * or when it could not be read) and 'Read more' to the article page.
 */
export function ArtistArticleSection({ article, html, loading }: { article: ArtistArticle; html: SanitizedHtml | null; loading: boolean }) {
  return (
    <section className="artist-section artist-article" aria-labelledby="artist-article-title" aria-busy={loading}>
      <h2 id="artist-article-title" className="section-title">{article.title}</h2>
      {html !== null && <div className="article-body artist-article-body" dangerouslySetInnerHTML={{ __html: html }} />}
      <p>
        <Link to="/article/$id" params={{ id: article.id }} className="button" aria-label={`Read more: ${article.title}`}>
          Read more
        </Link>
      </p>
    </section>
  );
}

/** Portfolio: context text and items with image and description. */
export function ArtistPortfolio({ portfolio, name }: { portfolio: ArtistInfo['portfolio']; name: string }) {
  return (
    <section className="artist-section" aria-labelledby="artist-portfolio-title">
      <h2 id="artist-portfolio-title" className="section-title">Portfolio</h2>
      {portfolio.context && <p className="artist-text">{portfolio.context}</p>}
      {portfolio.items.length > 0 && (
        <ul className="artist-portfolio" aria-label={`Portfolio of ${name}`}>
          {portfolio.items.map((item, index) => (
            <li key={`${item.mediaUrl}-${index}`}>
              <figure>
                <img {...responsiveImage(item.thumbnailUrl, IMAGE_SIZES.portfolio)} alt={item.description} width={PORTFOLIO_SIZE} height={PORTFOLIO_SIZE} loading="lazy" decoding="async" />
                {item.description && <figcaption>{item.description}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
