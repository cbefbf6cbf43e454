import { fromPromise } from 'xstate';

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
