import { Suspense, lazy } from 'react';
import { useWalletModalOpen } from './walletModalStore';

// The modal and the wallet discovery behind it are their own chunk, fetched the first time the modal opens.
const WalletModal = lazy(() => import('./WalletModal'));

export function WalletModalHost() {
  const open = useWalletModalOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WalletModal />
    </Suspense>
  );
}
