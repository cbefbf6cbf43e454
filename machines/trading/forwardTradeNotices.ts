import type { NotificationsEvent } from '../notifications/notificationsMachine';
import type { ContractActionActor } from './contractActionMachine';

/** Shows a contract action's notices with the notifications actor; returns the unsubscribe. */
export function forwardTradeNotices(action: Pick<ContractActionActor, 'on'>, notifications: { send(event: NotificationsEvent): void }) {
  const shown = action.on('trade.notify', (event) => notifications.send({ type: 'notify.show', kind: event.kind, text: event.text }));
  const dismissed = action.on('trade.dismissSticky', (event) => notifications.send({ type: 'notify.dismissSticky', text: event.text }));
  return () => {
    shown.unsubscribe();
    dismissed.unsubscribe();
  };
}
