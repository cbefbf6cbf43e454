import { Suspense, lazy, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { closeWalletModal, useWalletModalOpen } from './walletModalStore';

// The modal and the wallet discovery behind it are their own chunk, fetched the first time the modal opens.
const WalletModal = lazy(() => import('./WalletModal'));

export function WalletModalHost() {
  const open = useWalletModalOpen();
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  // Signed in, however it happened (modal, restore, a guard's page): the modal has done its job.
  useEffect(() => {
    if (registered) closeWalletModal();
  }, [registered]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WalletModal />
    </Suspense>
  );
}
