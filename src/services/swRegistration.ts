import { registerSW } from 'virtual:pwa-register';
import type { SystemActors } from '../../machines/system/systemRegistry';
import { handFirstReadsToWorker } from './offline/firstReads';
import { persistStorageOnInstall } from './offline/persistentStorage';
import { evictStoredAnswers } from './offline/workerMessages';
import { setServiceWorkerUpdater } from './pwaUpdate';

/** Registers src/sw.ts and feeds its lifecycle into the pwaUpdate actor. */
export function registerServiceWorker(pwaUpdate: SystemActors['pwaUpdate']): void {
  if (!('serviceWorker' in navigator)) return;
  // A first visit: the reads already sent go to the worker once it controls this page, which it then stores.
  handFirstReadsToWorker();
  const updater = registerSW({
    immediate: true,
    onNeedRefresh: () => pwaUpdate.send({ type: 'sw.updateAvailable' }),
    onOfflineReady: () => pwaUpdate.send({ type: 'sw.offlineReady' }),
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });
  setServiceWorkerUpdater(updater);
  // Stored answers past the window go on each app start.
  evictStoredAnswers();
  // An installed app keeps its cached pages and saved exhibitions: ask the browser not to evict them.
  persistStorageOnInstall();
}
