import { displayName, formatPrice } from '../../../app/format';
import { LikeButton } from '../../../components/likes/LikeButton';
import { TokenMedia } from '../../../components/media/TokenMedia';
import type { MarketplaceToken } from '../../../services/marketplace';
import { useViewerToken } from '../useViewerToken';

/**
 * A token of the collection tokens view: the viewer's own tokens (tokenHolding.owner = viewer) open the token
 * dashboard to list them; the others open the public token page. Without holding info there is no page to open.
 */
export function DashboardTokenCard({ token, viewer }: { token: MarketplaceToken; viewer: string }) {
  const { nameId, holding, owned, sold, price, name } = useViewerToken(token, viewer);

  return (
    <article className={holding ? 'token-card token-card-linked' : 'token-card'} aria-labelledby={nameId}>
      <div className="token-card-media">
        <TokenMedia token={token} variant="card" />
        {sold && <span className="badge badge-sold">SOLD</span>}
      </div>
      <div className="token-card-body">
        {/* Under the view's h1 directly. */}
        <h2 className="token-card-name" id={nameId}>
          {name}
        </h2>
        <p className="token-card-creator">{owned ? 'Yours' : holding ? `Held by ${displayName(holding.owner)}` : displayName(token.creatorInfo)}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{price ? formatPrice(price) : 'Not for sale'}</span>
          <LikeButton tokenId={token._id} likesCount={token.likesCount} />
        </div>
      </div>
    </article>
  );
}
