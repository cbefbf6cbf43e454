import { Link } from '@tanstack/react-router';
import { CollectionCard } from '../../components/collections/CollectionCard';
import type { MarketplaceCollection } from '../../services/marketplace';
import '../../styles/explore.css';

/** See docs/requirements.md#home "Trending collections list": the collections most liked this week, as explore's cards. */
export default function TrendingSection({ data: collections }: { data: MarketplaceCollection[] }) {
  return (
    <section className="home-section home-trending" aria-labelledby="home-trending-title">
      <div className="section-header">
        <h2 id="home-trending-title" className="section-title">
          Trending collections
        </h2>
        <Link to="/explore" search={{ view: 'collection' }} className="text-link">
          View all
        </Link>
      </div>
      <ul className="token-grid" aria-label="Trending collections">
        {collections.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} />
          </li>
        ))}
      </ul>
    </section>
  );
}
