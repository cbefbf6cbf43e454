import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { CollectionSellActor } from '../../../../machines/dashboard/collectionSellMachine';
import { formatPrice } from '../../../app/format';
import { useNativeSymbol } from '../../../components/trading/currency';
import type { CreationListings } from '../../../services/dashboard/creations';

/** Beside the sell panel: the open all-out sale (cancelled here) and the newest per-token listings. */
export function CurrentListings({ sell, listings, chainId }: { sell: CollectionSellActor; listings: CreationListings; chainId: number }) {
  const canCancel = useSelector(sell, (snapshot) => snapshot.can({ type: 'sale.cancel' }));
  const cancelling = useSelector(sell, (snapshot) => snapshot.matches('cancelling'));
  const nativeSymbol = useNativeSymbol(chainId);
  const { allOutSale, tokenListings, tokenListingsTotal } = listings;

  return (
    <section className="creations-listings" aria-label="Current listings">
      <h3 className="creations-box-title">Current listings</h3>
      {allOutSale && (
        <div className="creations-allout">
          <p>
            Full collection at <strong>{formatPrice(allOutSale.price, nativeSymbol)}</strong> per token
            <span className="creations-muted">
              {' '}
              · {allOutSale.tokensListed} {allOutSale.tokensListed === 1 ? 'token' : 'tokens'} listed
            </span>
          </p>
          <button type="button" className="button" onClick={() => sell.send({ type: 'sale.cancel' })} disabled={!canCancel}>
            {cancelling ? 'Cancelling…' : 'Cancel collection sale'}
          </button>
        </div>
      )}
      {tokenListings.length > 0 ? (
        <ul className="creations-listing-rows">
          {tokenListings.map((listing) => (
            <li key={listing.id}>
              <span className="creations-listing-name">
                {listing.tokenHolding_id ? (
                  <Link to="/account/dashboard/token/$id" params={{ id: listing.tokenHolding_id }}>
                    {listing.token.name}
                  </Link>
                ) : (
                  listing.token.name
                )}
              </span>
              <span>{formatPrice(listing.sale_price, nativeSymbol)}</span>
              <span className="creations-muted">
                {listing.amount === '1' ? '1 unit' : `${listing.amount} units`}
                {listing.allOutSaleId ? ' · in the collection sale' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        !allOutSale && <p className="creations-muted">Nothing listed.</p>
      )}
      {tokenListingsTotal > tokenListings.length && (
        <p className="creations-muted">
          The {tokenListings.length} newest of {tokenListingsTotal} token listings.
        </p>
      )}
    </section>
  );
}
