import type { Actor } from 'xstate';
import { getAppActor, type appMachine } from '../../../machines/app/appMachine';
import { forwardWalletNotices } from '../../../machines/wallet/forwardWalletNotices';
import { sweepExpiredConnection } from './connectionFlag';
import { isMobileDevice, setWalletAppConfig, targetEvm } from './walletEnv';

/**
 * Wires the wallet session into the app: the configured chain from the config actor (`wallet.configure`),
 * and its notices into the notifications actor. Returns the unsubscribe.
 */
export function bindWalletSession(appActor: Actor<typeof appMachine>, options: { isMobile?: () => boolean } = {}): () => void {
  const wallet = getAppActor(appActor, 'walletSession');
  const config = getAppActor(appActor, 'config');
  const stopNotices = forwardWalletNotices(wallet, getAppActor(appActor, 'notifications'));
  const isMobile = options.isMobile ?? isMobileDevice;
  let configured: unknown = null;
  const apply = () => {
    const appConfig = config.getSnapshot().context.config;
    if (!appConfig || appConfig === configured) return;
    configured = appConfig;
    setWalletAppConfig(appConfig);
    const evm = targetEvm(appConfig);
    wallet.send({ type: 'wallet.configure', chainId: evm?.chainId ?? null, networkName: evm?.name ?? '', isMobile: isMobile() });
  };
  apply();
  const subscription = config.subscribe(apply);
  // See docs/requirements.md#wallet-session: the stored wallet-connector keys go once older than the cache lifetime, also while the app stays open.
  const stopSweep = sweepExpiredConnection();
  return () => {
    stopSweep();
    subscription.unsubscribe();
    stopNotices();
  };
}
