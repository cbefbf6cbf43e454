import { Suspense, lazy } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';

// The modal and the wallet discovery behind it are their own chunk, fetched the first time the modal opens.
const WalletModal = lazy(() => import('./WalletModal'));

/** Draws the wallet modal while the app's walletModal actor is open (it closes itself once the session is registered). */
export function WalletModalHost() {
  const walletModal = useSystemActor('walletModal');
  const open = useSelector(walletModal, (snapshot) => snapshot.hasTag('open'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WalletModal />
    </Suspense>
  );
}
