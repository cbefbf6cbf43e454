import { useSelector } from '@xstate/react';
import type { ExplorePageActor } from '../../../machines/explore/explorePageMachine';
import { registeredAddress } from '../../../machines/wallet/sessionSelectors';
import { useSystemActor } from '../../app/appActorContext';
import { TokenList } from '../../components/tokens/TokenList';
import { likedTokensList } from '../../services/flows/marketplaceLists';
import { EXPLORE_LIST_KEYS, EXPLORE_PAGE_SIZES } from './exploreLists';

export const FAVOURITES_CONNECT_MESSAGE = 'Connect your wallet and like artworks to see your favourites here.';

function ConnectWalletMessage({ connected }: { connected: boolean }) {
  const walletModal = useSystemActor('walletModal');
  return (
    <div className="explore-connect">
      <p>{FAVOURITES_CONNECT_MESSAGE}</p>
      {!connected && (
        <button type="button" className="button button-primary" onClick={() => walletModal.send({ type: 'walletModal.open' })}>
          Connect wallet
        </button>
      )}
    </div>
  );
}

/**
 * The myFavorites view: the registered account's liked tokens. Like a guarded route (docs/requirements.md#explore) it waits for
 * the wallet session to settle and 300 ms more before saying the visitor is not connected: the explore page flow
 * waits (its favourites region), this list shows what it says.
 */
export function FavouritesList({ page }: { page: ExplorePageActor }) {
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const address = useSelector(wallet, registeredAddress);
  const waited = useSelector(page, (snapshot) => snapshot.matches({ favourites: 'settled' }));

  if (registered && address) {
    return (
      <TokenList
        listKey={EXPLORE_LIST_KEYS.myFavorites}
        list={likedTokensList}
        params={{ account: address.toLowerCase() }}
        pageSize={EXPLORE_PAGE_SIZES.myFavorites}
        label="My favourites"
        emptyText={<ConnectWalletMessage connected />}
        endsPage
      />
    );
  }
  if (!waited) {
    return (
      <p className="list-status" role="status">
        <span className="spinner" aria-hidden="true" /> Checking your wallet…
      </p>
    );
  }
  return <ConnectWalletMessage connected={false} />;
}
