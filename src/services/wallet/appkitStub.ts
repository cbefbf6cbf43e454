// Stands in for '@reown/appkit/core' in builds: the WalletConnect provider loads it only when its own QR modal
// is enabled, and ours is off (we render the QR code ourselves), so this module is never executed.
export function createAppKit(): never {
  throw new Error('The WalletConnect QR modal is disabled; the app shows its own QR code.');
}
