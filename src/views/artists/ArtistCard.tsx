import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { ArtistsCatalogueMachine } from '../../../machines/artists/artistsCatalogueMachine';
import { IMAGE_SIZES, responsiveImage, tokenImage } from '../../../domain/responsiveImage';
import type { CatalogueArtist } from '../../services/artists/catalogue';
import '../../styles/linkCards.css';

// The cover thumbnail (480 px wide webp) at the profile's 939/480 crop: the size the card shows it at.
export const CARD_IMAGE_WIDTH = 480;
export const CARD_IMAGE_HEIGHT = Math.round((CARD_IMAGE_WIDTH * 480) / 939);

export interface ArtistCardProps {
  artist: CatalogueArtist;
  catalogue: Actor<ArtistsCatalogueMachine>;
  /** Cards of the first row load at once; the rest when they near the viewport. */
  eager: boolean;
}

/**
 * See docs/requirements.md#artists: the artist's cover in grayscale, swapped for the featured artwork's thumbnail while the card is
 * hovered or its link has keyboard focus; name and description clamped to 3 lines. The name's link covers the card.
 */
export function ArtistCard({ artist, catalogue, eager }: ArtistCardProps) {
  const nameId = useId();
  const featured = artist.featuredArtwork?.thumbnailUrl ? artist.featuredArtwork : null;
  const highlighted = useSelector(catalogue, (snapshot) => snapshot.context.highlighted === artist.id);
  const highlight = () => catalogue.send({ type: 'artist.highlight', id: artist.id });
  const unhighlight = () => catalogue.send({ type: 'artist.unhighlight', id: artist.id });
  const loading = eager ? 'eager' : 'lazy';
  return (
    <article className="artist-card link-card" aria-labelledby={nameId} onMouseEnter={highlight} onMouseLeave={unhighlight}>
      <div className="artist-card-media">
        {artist.coverThumbnail ? (
          <img className="artist-card-cover" {...responsiveImage(artist.coverThumbnail, IMAGE_SIZES.wideCard)} alt="" width={CARD_IMAGE_WIDTH} height={CARD_IMAGE_HEIGHT} loading={loading} decoding="async" {...(eager ? { fetchPriority: 'high' as const } : {})} />
        ) : (
          <div className="artist-card-cover artist-card-placeholder" aria-hidden="true" />
        )}
        {featured && highlighted && (
          <img
            className="artist-card-featured"
            {...tokenImage(featured.thumbnailUrl!, featured.mediaType, IMAGE_SIZES.wideCard)}
            alt={`Featured artwork: ${featured.name}`}
            width={CARD_IMAGE_WIDTH}
            height={CARD_IMAGE_HEIGHT}
            decoding="async"
          />
        )}
      </div>
      <div className="artist-card-body link-card-body">
        <h2 className="artist-card-name" id={nameId}>
          <Link to="/artist/$artistId" params={{ artistId: artist.id }} className="artist-card-link link-card-link" onFocus={highlight} onBlur={unhighlight}>
            {artist.displayName}
          </Link>
        </h2>
        {artist.description && <p className="artist-card-description">{artist.description}</p>}
      </div>
    </article>
  );
}

/** The list view's row: the name links to the artist page, the description beside it. */
export function ArtistRow({ artist }: { artist: CatalogueArtist }) {
  return (
    <div className="artist-row">
      <Link to="/artist/$artistId" params={{ artistId: artist.id }} className="artist-row-name">
        {artist.displayName}
      </Link>
      {artist.description && <p className="artist-row-description">{artist.description}</p>}
    </div>
  );
}
