import { Link } from '@tanstack/react-router';
import { MediaTypeIcon } from '../../components/media/MediaTypeIcon';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import type { ArtistInfo } from '../../services/artists/artist';

const IMAGE_SIZE = 480;

type Featured = NonNullable<ArtistInfo['featuredArtwork']>;

/**
 * The featured artwork (docs/requirements.md#artists): image, name and media type icon; the image and name go to the token page when
 * the token has a holding; its collection's page; 'all artwork' to the artist's artworks.
 */
export function FeaturedArtwork({ artist, token }: { artist: ArtistInfo; token: Featured }) {
  const holding = token.tokenHolding;
  const image = token.thumbnailUrl ? (
    <img {...tokenImage(token.thumbnailUrl, token.mediaType, IMAGE_SIZES.featured)} alt={token.name} width={IMAGE_SIZE} height={IMAGE_SIZE} decoding="async" />
  ) : (
    <div className="token-card-placeholder" aria-hidden="true" />
  );
  return (
    <section className="artist-section artist-featured" aria-labelledby="artist-featured-title">
      <h2 id="artist-featured-title" className="section-title">Featured artwork</h2>
      <div className="artist-featured-body">
        <div className="artist-featured-media">
          {holding ? (
            <Link to="/token/$id" params={{ id: holding.id }} aria-label={`Open ${token.name}`} tabIndex={-1}>
              {image}
            </Link>
          ) : (
            image
          )}
        </div>
        <div className="artist-featured-text">
          <h3 className="artist-featured-name">
            <MediaTypeIcon mediaType={token.mediaType} />
            {holding ? (
              <Link to="/token/$id" params={{ id: holding.id }}>
                {token.name}
              </Link>
            ) : (
              <span>{token.name}</span>
            )}
          </h3>
          {artist.featuredArtworkDescription && <p className="artist-featured-description">{artist.featuredArtworkDescription}</p>}
          <p className="artist-featured-links">
            {token.collection.address && (
              <Link to="/collection/$address/$chainId" params={{ address: token.collection.address, chainId: String(token.collection.chainId) }}>
                Collection: {token.collection.name}
              </Link>
            )}
            <Link to="/artist/$artistId/artworks" params={{ artistId: artist.id }} className="button">
              All artwork
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
