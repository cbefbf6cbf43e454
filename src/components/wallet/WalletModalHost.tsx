import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { retryableLazy } from '../../app/chunkLoad';
import { ChunkBoundary } from '../data/ChunkBoundary';

// The modal and the wallet discovery behind it are their own chunk, fetched the first time the modal opens.
const WalletModal = retryableLazy(() => import('./WalletModal'));

/**
 * Draws the wallet modal while the app's walletModal actor is open (it closes itself once the session is registered),
 * and whenever the session asks to accept the terms (a wallet account switched to a new address asks too).
 */
export function WalletModalHost() {
  const walletModal = useSystemActor('walletModal');
  const walletSession = useSystemActor('walletSession');
  const open = useSelector(walletModal, (snapshot) => snapshot.hasTag('open'));
  const askingTerms = useSelector(walletSession, (snapshot) => snapshot.hasTag('terms'));
  if (!open && !askingTerms) return null;
  return (
    // Its code not reachable (offline before it was ever cached): no modal; tried again once back online.
    <ChunkBoundary fallback={null}>
      <Suspense fallback={null}>
        <WalletModal />
      </Suspense>
    </ChunkBoundary>
  );
}
