import { PAGE_SIZE } from '../../../machines/lists/constants';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { TokenList } from '../../components/tokens/TokenList';
import { fetchMarketplaceTokensPage, type FetchTokenPage, type TokenListParams } from '../../services/marketplace';

const NEWEST: TokenListParams = { sort: 'newest' };

/** Explore: every listed artwork, newest first, loaded page by page as the visitor scrolls. */
export function ExploreView({ fetchPage = fetchMarketplaceTokensPage }: { fetchPage?: FetchTokenPage }) {
  useDocumentTitle('Explore art');
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Explore art</h1>
        <p className="page-subheading">Artworks from the artists of the marketplace, newest first.</p>
      </header>
      <TokenList fetchPage={fetchPage} params={NEWEST} pageSize={PAGE_SIZE.exploreTokenLists} label="Artworks" />
    </div>
  );
}
