import type { NotificationsEvent } from '../notifications/notificationsMachine';
import type { WalletSessionActor } from './walletSessionMachine';

type WalletNoticeSource = Pick<WalletSessionActor, 'on'>;

/** Shows the wallet session's notices with the notifications actor; returns the unsubscribe. */
export function forwardWalletNotices(wallet: WalletNoticeSource, notifications: { send(event: NotificationsEvent): void }) {
  const shown = wallet.on('wallet.notify', (event) => notifications.send({ type: 'notify.show', kind: event.kind, text: event.text }));
  const dismissed = wallet.on('wallet.dismissSticky', (event) =>
    notifications.send({ type: 'notify.dismissSticky', text: event.text }),
  );
  return () => {
    shown.unsubscribe();
    dismissed.unsubscribe();
  };
}
