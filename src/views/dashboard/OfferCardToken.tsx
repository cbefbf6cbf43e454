import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import type { MarketplaceToken } from '../../services/marketplace';

/** What the offer tabs' grids share: their page size, what they list, their layout. */
export const OFFER_GRID = { pageSize: PAGE_SIZE.offers, itemsName: 'offers', className: 'dashboard-offer-grid' } as const;

/** The token an offer card is about: thumbnail, name (as a link when there is a page for it) and collection. */
export function OfferCardToken({ token, link }: { token: MarketplaceToken; link: ReactNode | null }) {
  return (
    <div className="dashboard-offer-token">
      {token.thumbnailUrl ? (
        <img className="dashboard-offer-thumb" {...tokenImage(token.thumbnailUrl, token.mediaType, IMAGE_SIZES.offerThumb)} alt="" loading="lazy" width={72} height={72} />
      ) : (
        <span className="dashboard-offer-thumb" aria-hidden="true" />
      )}
      <div>
        <h3 className="dashboard-offer-name">{link ?? token.name}</h3>
        <p className="dashboard-offer-collection">{token.collection.name}</p>
      </div>
    </div>
  );
}

/**
 * An offer card: its token on top, the offers' details below. The token's name opens the seller's token dashboard
 * (received offers) or the public token page (sent offers); without holding info there is no page to open.
 */
export function OfferCard({ token, opens, children }: { token: MarketplaceToken; opens: 'dashboard' | 'token'; children: ReactNode }) {
  const holdingId = token.tokenHolding?.id;
  const to = opens === 'dashboard' ? '/account/dashboard/token/$id' : '/token/$id';
  const link = holdingId ? (
    <Link to={to} params={{ id: holdingId }}>
      {token.name}
    </Link>
  ) : null;
  return (
    <article className="dashboard-offer-card" aria-label={token.name}>
      <OfferCardToken token={token} link={link} />
      {children}
    </article>
  );
}
