// Persistent storage (media cached when viewed): the browser may evict an origin's storage under pressure unless it was asked
// to keep it. The app asks when the user installs it and when an exhibition is saved; a refusal changes nothing.

export function requestPersistentStorage(): void {
  if (typeof navigator === 'undefined') return;
  void navigator.storage?.persist?.().catch(() => {});
}

/** Asks for persistent storage once the app is installed (the appinstalled event). */
export function persistStorageOnInstall(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('appinstalled', requestPersistentStorage, { once: true });
}
