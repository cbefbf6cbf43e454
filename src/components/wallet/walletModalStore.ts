import { useSyncExternalStore } from 'react';

// Whether the wallet modal is open: the header, the mobile menu, route guards and later features open it.

let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of [...listeners]) listener();
}

export const openWalletModal = () => setOpen(true);
export const closeWalletModal = () => setOpen(false);
export const isWalletModalOpen = () => open;

export function subscribeWalletModal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWalletModalOpen(): boolean {
  return useSyncExternalStore(subscribeWalletModal, isWalletModalOpen, () => false);
}
