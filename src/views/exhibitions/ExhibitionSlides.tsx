import { Link } from '@tanstack/react-router';
import { displayName } from '../../app/format';
import { IMAGE_SIZES, responsiveImage, tokenImage } from '../../../domain/responsiveImage';
import type { Exhibition, ExhibitionArtwork } from '../../services/exhibitions/exhibitions';
import { ExhibitionDates } from './ExhibitionDates';
import { introText, TWO_COLUMN_ARTISTS } from './exhibitionFormat';

/**
 * The slide the viewer opens on is likely the page's largest paint: its image is fetched at once with a high
 * priority; the others load lazily (Lighthouse: LCP resources should not use loading=lazy).
 */
const firstImage = (first: boolean) => (first ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const });

/**
 * The intro banner: title, subtitle, cover, artists (two columns over 5), dates, the intro text, 'full statement'.
 * `first`: the slide the viewer opened on.
 */
export function IntroSlide({ exhibition, onFullStatement, first = false }: { exhibition: Exhibition; onFullStatement: () => void; first?: boolean }) {
  const twoColumns = exhibition.artistInfos.length > TWO_COLUMN_ARTISTS;
  return (
    <div className="exhibition-intro">
      {exhibition.cover && (
        <img className="exhibition-intro-cover" {...responsiveImage(exhibition.cover, IMAGE_SIZES.banner)} alt="" width={1000} height={560} {...firstImage(first)} />
      )}
      <div className="exhibition-intro-text">
        <h2 className="exhibition-title">{exhibition.title}</h2>
        {exhibition.subtitle && <p className="exhibition-subtitle">{exhibition.subtitle}</p>}
        <ExhibitionDates startDate={exhibition.startDate} endDate={exhibition.endDate} />
        <ul className={twoColumns ? 'exhibition-artists exhibition-artists-two-columns' : 'exhibition-artists'} aria-label="Artists" data-columns={twoColumns ? 2 : 1}>
          {exhibition.artistInfos.map((artist) => (
            <li key={artist.address}>{displayName(artist)}</li>
          ))}
        </ul>
        <p className="exhibition-intro-body">{introText(exhibition)}</p>
        <button type="button" className="link-button exhibition-full-statement" onClick={onFullStatement}>
          full statement
        </button>
      </div>
    </div>
  );
}

/** One artwork: its image, the creator's alias, the artwork's name, BUY to the token page while it has a sale price. */
export function ArtworkSlide({ artwork, first = false }: { artwork: ExhibitionArtwork; first?: boolean }) {
  const { token } = artwork;
  const holdingId = token.tokenHolding?.id;
  const forSale = Boolean(token.tokenHolding?.salePrice?.amount);
  const image = token.thumbnailUrl ?? token.mediaUrl;
  return (
    <figure className="exhibition-card">
      {image && <img className="exhibition-card-image" {...tokenImage(image, token.mediaType, IMAGE_SIZES.exhibitionWork)} alt={token.name} {...firstImage(first)} />}
      <figcaption className="exhibition-card-caption">
        <span className="exhibition-card-creator">{displayName(token.creatorInfo)}</span>
        <span className="exhibition-card-name">{token.name}</span>
        {artwork.medium && <span className="exhibition-card-medium">{artwork.medium}</span>}
        {forSale && holdingId && (
          <Link to="/token/$id" params={{ id: holdingId }} className="exhibition-buy" aria-label={`BUY ${token.name}`}>
            BUY
          </Link>
        )}
      </figcaption>
    </figure>
  );
}

/** The last page: the curatorial statement and the curator's name. */
export function StatementSlide({ exhibition }: { exhibition: Exhibition }) {
  const curator = exhibition.curatorNameFormatted ?? exhibition.curator;
  return (
    <div className="exhibition-statement">
      <h2>Curatorial statement</h2>
      <p className="exhibition-statement-body">{exhibition.curatorialStatement}</p>
      {curator && <p className="exhibition-curator">Curated by {curator}</p>}
    </div>
  );
}
