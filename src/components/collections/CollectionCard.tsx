import { Link } from '@tanstack/react-router';
import { displayName, formatPrice } from '../../app/format';
import { useNativeSymbol } from '../trading/currency';
import type { MarketplaceCollection } from '../../services/marketplace';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';

// Covers are shown 16:9 like the collection page's cover; the intrinsic size reserves the space before loading.
const COVER_WIDTH = 640;
const COVER_HEIGHT = 360;

const tokensText = (count: number) => `${count} ${count === 1 ? 'artwork' : 'artworks'}`;

/**
 * A collection card: cover, name, creator, artworks count and floor price; links to the collection page. `eager`: a
 * card on the first screen, whose cover loads at once with a high priority (likely the page's largest paint).
 */
export function CollectionCard({ collection, eager = false }: { collection: MarketplaceCollection; eager?: boolean }) {
  // The cover's thumbnail (the card's size), else the collection's thumbnail; the full cover only when neither exists.
  const image = collection.coverThumbnail ?? collection.thumbnail ?? collection.cover;
  const nativeSymbol = useNativeSymbol(collection.chainId);
  const body = (
    <>
      <div className="collection-card-media">
        {image ? (
          <img
            {...responsiveImage(image, IMAGE_SIZES.wideCard)}
            alt=""
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
        ) : (
          <div className="token-card-placeholder" aria-hidden="true" />
        )}
        {collection.soldOut && <span className="badge badge-sold">SOLD OUT</span>}
      </div>
      <div className="token-card-body">
        <h3 className="token-card-name">{collection.name}</h3>
        <p className="token-card-creator">{displayName(collection.creatorInfo)}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{collection.floorPrice ? `Floor ${formatPrice(collection.floorPrice, nativeSymbol)}` : 'Not for sale'}</span>
          <span className="collection-card-count">{tokensText(collection.tokenCount)}</span>
        </div>
      </div>
    </>
  );
  return (
    <article className="token-card collection-card" aria-label={collection.name}>
      {collection.address ? (
        <Link
          to="/collection/$address/$chainId"
          params={{ address: collection.address, chainId: String(collection.chainId) }}
          className="collection-card-link"
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </article>
  );
}
