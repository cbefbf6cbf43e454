// The lazily loaded wallet stack (wagmi, viem, SIWE): one entry point for session.ts's dynamic import.
export { connectWallet, disconnectWallet, getWagmiConfig, loadedWagmiConfig, reconnectWallet, switchNetwork, watchWallet } from './wagmiClient';
export { signLogin } from './signLogin';
