import { Link } from '@tanstack/react-router';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../app/product';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { TokenList } from '../../components/tokens/TokenList';
import { fetchMarketplaceTokensPage, type TokenListParams } from '../../services/marketplace';

const NEWEST: TokenListParams = { sort: 'newest' };

/** Home: the product's hero and the newest artworks (the editorial home arrives with a later issue). */
export function HomeView() {
  // Seed 000 §2: the home page title is the product name.
  useDocumentTitle();
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero-title">{PRODUCT_NAME}</h1>
        <p className="hero-tagline">{PRODUCT_TAGLINE}</p>
        <Link to="/explore" className="button button-primary button-large">
          Explore art
        </Link>
      </section>
      <section className="home-section" aria-labelledby="newest-title">
        <div className="section-header">
          <h2 id="newest-title" className="section-title">Newest artworks</h2>
          <Link to="/explore" className="text-link">
            View all
          </Link>
        </div>
        <TokenList fetchPage={fetchMarketplaceTokensPage} params={NEWEST} pageSize={PAGE_SIZE.tokens} infinite={false} label="Newest artworks" />
      </section>
    </div>
  );
}
