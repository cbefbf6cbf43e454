import { displayName, formatPrice } from '../../app/format';
import type { MarketplaceToken } from '../../services/marketplace';

// Square thumbnails: the intrinsic size lets the browser reserve space before the image loads.
const THUMB_SIZE = 400;

/** A token card: image, name, creator, price and likes; SOLD badge when sold. */
export function TokenCard({ token }: { token: MarketplaceToken }) {
  const price = token.tokenHolding?.salePrice;
  // Cards link to /token/{id} only when the token has holding info; that page arrives in a later issue,
  // so until then every card is rendered without a link.
  return (
    <article className="token-card" aria-label={token.name}>
      <div className="token-card-media">
        {token.thumbnailUrl ? (
          <img src={token.thumbnailUrl} alt={token.name} width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />
        ) : (
          <div className="token-card-placeholder" aria-hidden="true" />
        )}
        {token.isSold && <span className="badge badge-sold">SOLD</span>}
      </div>
      <div className="token-card-body">
        <h3 className="token-card-name">{token.name}</h3>
        <p className="token-card-creator">{displayName(token.creatorInfo)}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{price ? formatPrice(price) : 'Not for sale'}</span>
          <span className="token-card-likes" aria-label={`${token.likesCount} ${token.likesCount === 1 ? 'like' : 'likes'}`}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" fill="currentColor" />
            </svg>
            {token.likesCount}
          </span>
        </div>
      </div>
    </article>
  );
}
