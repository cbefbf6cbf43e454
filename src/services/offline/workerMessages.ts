// The page's messages to the service worker's data cache (protocol.ts PageToWorkerMessage). Without a worker (first
// visit, unsupported browser, tests) there is nothing stored to act on, so a message is simply not sent.
import type { PageToWorkerMessage } from '../../offline/protocol';

async function postToWorker(message: PageToWorkerMessage): Promise<void> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return;
  // The controller when this page is controlled; else the registration's active worker once there is one.
  const worker = container.controller ?? (await container.getRegistration().catch(() => undefined))?.active;
  worker?.postMessage(message);
}

function send(message: PageToWorkerMessage): void {
  postToWorker(message).catch((error: unknown) => console.warn('service worker message:', error));
}

/** Evicts stored answers past the window (sent on each app start). */
export function evictStoredAnswers(): void {
  send({ type: 'offline.evict' });
}

/** Removes this account's private stored answers (sign-out, account change). */
export function forgetAccountAnswers(address: string): void {
  send({ type: 'offline.forgetAccount', account: address.toLowerCase() });
}

/** Removes a pin (a saved exhibition) from every stored answer. */
export function unpinStoredAnswers(pin: string): void {
  send({ type: 'offline.unpin', pin });
}
