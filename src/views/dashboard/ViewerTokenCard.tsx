import { displayName } from '../../app/format';
import { SoldBadge, TokenCardFrame } from '../../components/tokens/TokenCard';
import type { MarketplaceToken } from '../../services/marketplace';
import { useViewerToken } from './useViewerToken';

export interface ViewerTokenCardProps {
  token: MarketplaceToken;
  /** The signed-in account. */
  viewer: string;
  /**
   * 'purchased' (the Purchased tokens tab): a token the viewer holds is marked 'Yours', another SOLD when sold; the
   * byline is the creator. 'collection' (the collection tokens view, under its h1): SOLD when sold; the byline says
   * 'Yours' or who holds the token.
   */
  variant: 'purchased' | 'collection';
}

/**
 * A dashboard token card: the viewer's own tokens open the token dashboard (to list them again), the others the public
 * token page; without holding info there is no page to open.
 */
export function ViewerTokenCard({ token, viewer, variant }: ViewerTokenCardProps) {
  const { nameId, holding, owned, sold, price, name } = useViewerToken(token, viewer);
  const purchased = variant === 'purchased';
  const soldBadge = sold ? <SoldBadge /> : null;
  const badge = purchased && owned ? <span className="badge badge-yours">Yours</span> : soldBadge;
  let byline = displayName(token.creatorInfo);
  if (!purchased && owned) byline = 'Yours';
  else if (!purchased && holding) byline = `Held by ${displayName(holding.owner)}`;
  return (
    <TokenCardFrame
      token={token}
      nameId={nameId}
      name={name}
      linked={holding !== null}
      badge={badge}
      price={price}
      byline={byline}
      headingLevel={purchased ? 3 : 2}
    />
  );
}
