import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { collectionSellMachine, type OpenAllOutSale } from '../../../../machines/dashboard/collectionSellMachine';
import { useSystemActor } from '../../../app/appActorContext';
import { useContractAction } from '../../../components/trading/useContractAction';
import type { CollectionListing, CreatedCollection } from '../../../services/dashboard/creations';

const openSale = (listing: CollectionListing | null): OpenAllOutSale | null =>
  listing ? { allOutSaleId: listing.allOutSaleId, price: listing.price } : null;

/**
 * The card's collectionSell actor, wired to the contractAction flow: the machine emits the chain action, the
 * shared contractAction run (approval first for a sale, notices) reports back; fresh server data is synced in.
 */
export function useCollectionSell(collection: CreatedCollection, allOutSale: CollectionListing | null, onRefresh: () => void) {
  const sell = useActorRef(collectionSellMachine, {
    input: {
      collection: { _id: collection._id, address: collection.address ?? null, chainId: collection.chainId },
      soldOut: collection.soldOut,
      allOutSale: openSale(allOutSale),
    },
  });
  const wallet = useSystemActor('walletSession');
  const action = useContractAction(() => sell.send({ type: 'action.succeeded' }));
  const run = useRef(action.run);
  run.current = action.run;
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const running = sell.on('sell.run', ({ action: chainAction }) => {
      // Without a connected address the run would not start: end the machine's wait at once.
      if (!wallet.getSnapshot().context.address) {
        sell.send({ type: 'action.failed' });
        return;
      }
      run.current(chainAction);
    });
    const refreshing = sell.on('sell.refresh', () => refresh.current());
    return () => {
      running.unsubscribe();
      refreshing.unsubscribe();
    };
  }, [sell, wallet]);

  // The run ended without success (rejected, reverted, refused by the check): the success callback came first otherwise.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (action.busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    sell.send({ type: 'action.failed' });
  }, [action.busy, sell]);

  const address = collection.address ?? null;
  // Synced by value: a refetch with the same answer changes nothing.
  const saleValue = JSON.stringify(openSale(allOutSale));
  useEffect(() => {
    sell.send({ type: 'listing.sync', soldOut: collection.soldOut, address, allOutSale: JSON.parse(saleValue) as OpenAllOutSale | null });
  }, [sell, collection.soldOut, address, saleValue]);

  return { sell, phase: action.phase };
}
