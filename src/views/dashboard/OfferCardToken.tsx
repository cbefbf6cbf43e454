import type { ReactNode } from 'react';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import type { MarketplaceToken } from '../../services/marketplace';

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
