import { displayName, formatPrice } from '../../app/format';
import { LikeButton } from '../../components/likes/LikeButton';
import { TokenMedia } from '../../components/media/TokenMedia';
import type { MarketplaceToken } from '../../services/marketplace';
import { useViewerToken } from './useViewerToken';

/**
 * A Purchased tokens card. While the viewer holds the token (tokenHolding.owner, or the buyer of a live sale) it is
 * marked 'Yours' and opens the token dashboard, where it is listed again; once someone else holds it, it shows SOLD
 * (when sold) and opens the public token page, as any token card.
 */
export function PurchasedTokenCard({ token, viewer }: { token: MarketplaceToken; viewer: string }) {
  const { nameId, holding, owned, sold, price, name } = useViewerToken(token, viewer);

  let badge = null;
  if (owned) badge = <span className="badge badge-yours">Yours</span>;
  else if (sold) badge = <span className="badge badge-sold">SOLD</span>;

  return (
    <article className={holding ? 'token-card token-card-linked' : 'token-card'} aria-labelledby={nameId}>
      <div className="token-card-media">
        <TokenMedia token={token} variant="card" />
        {badge}
      </div>
      <div className="token-card-body">
        <h3 className="token-card-name" id={nameId}>
          {name}
        </h3>
        <p className="token-card-creator">{displayName(token.creatorInfo)}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{price ? formatPrice(price) : 'Not for sale'}</span>
          <LikeButton tokenId={token._id} likesCount={token.likesCount} />
        </div>
      </div>
    </article>
  );
}
