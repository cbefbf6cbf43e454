import { Link } from '@tanstack/react-router';
import { displayName } from '../../app/format';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import type { MarketplaceCollection } from '../../services/marketplace';

/**
 * See docs/requirements.md#home "Featured collection (cover and creator display name)": the card links to the collection page. Its cover
 * is the first image under the hero (a phone's largest paint), and the section renders only once it is near the
 * screen, so the cover is fetched at once and first (not lazily).
 */
export default function FeaturedCollectionSection({ data: collection }: { data: MarketplaceCollection }) {
  const image = collection.cover ?? collection.coverThumbnail ?? collection.thumbnail;
  return (
    <section className="home-section home-featured" aria-labelledby="home-featured-title">
      <h2 id="home-featured-title" className="section-title">
        Featured collection
      </h2>
      <Link
        to="/collection/$address/$chainId"
        params={{ address: collection.address ?? '', chainId: String(collection.chainId) }}
        className="home-featured-link"
      >
        {image ? <img className="home-featured-cover" {...responsiveImage(image, IMAGE_SIZES.banner)} alt="" width={1600} height={600} decoding="async" fetchPriority="high" /> : null}
        <span className="home-featured-body">
          <span className="home-featured-name">{collection.name}</span>
          <span className="home-featured-creator">by {displayName(collection.creatorInfo)}</span>
        </span>
      </Link>
    </section>
  );
}
