// Light store of the WalletConnect pairing URI, written by walletConnect.ts (lazy) and shown as a QR code by the modal.

let uri: string | null = null;
let failure: string | null = null;
const listeners = new Set<() => void>();

export function setWalletConnectUri(next: string | null): void {
  uri = next;
  for (const listener of [...listeners]) listener();
}

export const getWalletConnectUri = () => uri;

/** Why WalletConnect could not be used (no project id, relay unreachable, pairing timed out); shown by the modal. */
export function setWalletConnectFailure(next: string | null): void {
  failure = next;
  for (const listener of [...listeners]) listener();
}

export const getWalletConnectFailure = () => failure;

export function subscribeWalletConnectUri(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
