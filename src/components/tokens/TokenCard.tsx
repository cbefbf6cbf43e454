import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { displayName, formatPrice } from '../../app/format';
import type { MarketplaceToken, Price } from '../../services/marketplace';
import { useTokenPatch, type TokenPatch } from '../../services/live/tokenPatches';
import { LikeButton } from '../likes/LikeButton';
import { TokenMedia } from '../media/TokenMedia';

/** The price shown on a card: a live price change (or unlisting) wins over the fetched listing. */
function shownPrice(token: MarketplaceToken, patch: TokenPatch | undefined): Price | null {
  const fetched = token.tokenHolding?.salePrice ?? null;
  if (!patch || !('priceWei' in patch) || patch.priceWei === undefined) return fetched;
  return patch.priceWei === null ? null : { amount: patch.priceWei, currency: fetched?.currency ?? 'ETH' };
}

/**
 * A token card: thumbnail, name, creator, price and likes; SOLD once sold (fetched or live). The name links to the
 * token page only when the token has holding info; the link covers the card, the like button sits above it.
 */
export function TokenCard({ token, eager = false }: { token: MarketplaceToken; eager?: boolean }) {
  const patch = useTokenPatch(token._id);
  const nameId = useId();
  const sold = token.isSold || patch?.isSold === true;
  const price = shownPrice(token, patch);
  const holdingId = token.tokenHolding?.id;
  return (
    <article className={holdingId ? 'token-card token-card-linked' : 'token-card'} aria-labelledby={nameId}>
      <div className="token-card-media">
        <TokenMedia token={token} variant="card" eager={eager} />
        {sold && <span className="badge badge-sold">SOLD</span>}
      </div>
      <div className="token-card-body">
        <h3 className="token-card-name" id={nameId}>
          {holdingId ? (
            <Link to="/token/$id" params={{ id: holdingId }} className="token-card-link">
              {token.name}
            </Link>
          ) : (
            token.name
          )}
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

/**
 * A card's stand-in while its list loads (PagedGrid placeholders): the card's boxes with the same classes, so it is as
 * tall as the card that replaces it. Empty lines keep their line height; nothing in it is read out.
 */
export function TokenCardPlaceholder() {
  return (
    <div className="token-card token-card-placeholder" aria-hidden="true">
      <div className="token-card-media" />
      <div className="token-card-body">
        <p className="token-card-name">{'\u00a0'}</p>
        <p className="token-card-creator">{'\u00a0'}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{'\u00a0'}</span>
        </div>
      </div>
    </div>
  );
}
