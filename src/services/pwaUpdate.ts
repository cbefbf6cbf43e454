import { fromPromise } from 'xstate';
import type { SystemActors } from '../../machines/system/systemRegistry';
import { PRODUCT_NAME } from '../app/product';

type UpdateServiceWorker = (reloadPage?: boolean) => Promise<void>;
let updateServiceWorker: UpdateServiceWorker | undefined;

/** Set by the registration in swRegistration.ts once a service worker is registered. */
export function setServiceWorkerUpdater(updater: UpdateServiceWorker | undefined): void {
  updateServiceWorker = updater;
}

/** pwaUpdateMachine's `applyUpdate`: the waiting worker skips waiting, then the page reloads. */
export const applyUpdate = fromPromise<void>(async () => {
  if (!updateServiceWorker) throw new Error('No new version is waiting to be installed.');
  await updateServiceWorker(true);
});

export const OFFLINE_READY_TEXT = `${PRODUCT_NAME} is ready to work offline`;

/** Turns the pwaUpdate actor's one-off offline-ready event into an info notification. */
export function notifyWhenOfflineReady(pwaUpdate: SystemActors['pwaUpdate'], notifications: SystemActors['notifications']): () => void {
  const subscription = pwaUpdate.on('pwa.offlineReady', () => notifications.send({ type: 'notify.show', kind: 'info', text: OFFLINE_READY_TEXT }));
  return () => subscription.unsubscribe();
}
