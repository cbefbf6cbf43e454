import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { sameAddress } from '../../../app/format';
import { displayName, formatPrice } from '../../../app/format';
import { LikeButton } from '../../../components/likes/LikeButton';
import { TokenMedia } from '../../../components/media/TokenMedia';
import { useTokenPatch } from '../../../services/live/tokenPatches';
import type { MarketplaceToken } from '../../../services/marketplace';

/**
 * A token of the collection tokens view: the viewer's own tokens (tokenHolding.owner = viewer) open the token
 * dashboard to list them; the others open the public token page. Without holding info there is no page to open.
 */
export function DashboardTokenCard({ token, viewer }: { token: MarketplaceToken; viewer: string }) {
  const patch = useTokenPatch(token._id);
  const nameId = useId();
  const holding = token.tokenHolding ?? null;
  // A live sale moves the token to its buyer: the patched owner wins over the fetched one.
  const owner = patch?.ownerAddress ?? holding?.owner.address ?? null;
  const owned = holding !== null && sameAddress(owner, viewer);
  const sold = token.isSold || patch?.isSold === true;
  const price = patch && 'priceWei' in patch && patch.priceWei !== undefined
    ? patch.priceWei === null ? null : { amount: patch.priceWei, currency: holding?.salePrice?.currency ?? 'ETH' }
    : holding?.salePrice ?? null;

  let name;
  if (holding && owned) {
    name = (
      <Link to="/account/dashboard/token/$id" params={{ id: holding.id }} className="token-card-link">
        {token.name}
      </Link>
    );
  } else if (holding) {
    name = (
      <Link to="/token/$id" params={{ id: holding.id }} className="token-card-link">
        {token.name}
      </Link>
    );
  } else name = token.name;

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
