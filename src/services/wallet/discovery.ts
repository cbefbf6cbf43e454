// EIP-6963 multi-injected provider discovery, without any wallet library (first-load safe).

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** A wallet the modal can offer: an announced one, the legacy window.ethereum, WalletConnect or the demo wallet. */
export interface WalletChoice {
  connectorId: string;
  name: string;
  icon?: string;
  kind: 'eip6963' | 'legacy' | 'walletConnect' | 'demo';
}

export const LEGACY_CONNECTOR_ID = 'injected';
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';
export const DEMO_CONNECTOR_PREFIX = 'demo:';

const announced = new Map<string, Eip6963ProviderDetail>();
const listeners = new Set<() => void>();
let snapshot: Eip6963ProviderDetail[] = [];
let listening = false;

function isDetail(value: unknown): value is Eip6963ProviderDetail {
  const detail = value as Partial<Eip6963ProviderDetail> | null;
  return (
    !!detail &&
    typeof detail.info?.rdns === 'string' &&
    detail.info.rdns !== '' &&
    typeof detail.info.name === 'string' &&
    typeof detail.provider?.request === 'function'
  );
}

function onAnnounce(event: Event) {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!isDetail(detail)) return;
  // Keyed by rdns: a wallet announcing twice (one per requestProvider) is listed once.
  announced.set(detail.info.rdns, Object.freeze({ info: { ...detail.info }, provider: detail.provider }));
  snapshot = [...announced.values()];
  for (const listener of [...listeners]) listener();
}

/** Starts listening for announcements and asks installed wallets to announce themselves. */
export function requestWalletAnnouncements(): void {
  if (typeof window === 'undefined') return;
  if (!listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    listening = true;
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

export function announcedWallets(): Eip6963ProviderDetail[] {
  return snapshot;
}

export function subscribeAnnouncedWallets(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function findAnnouncedWallet(rdns: string): Eip6963ProviderDetail | undefined {
  return announced.get(rdns);
}

/** window.ethereum of an older wallet that does not announce itself. */
export function legacyProvider(): Eip1193Provider | undefined {
  if (typeof window === 'undefined') return undefined;
  const ethereum = (window as Window & { ethereum?: unknown }).ethereum as Eip1193Provider | undefined;
  return typeof ethereum?.request === 'function' ? ethereum : undefined;
}

/** Test hook: forget every announcement (a fresh page). */
export function resetWalletDiscovery(): void {
  announced.clear();
  snapshot = [];
  if (listening && typeof window !== 'undefined') window.removeEventListener('eip6963:announceProvider', onAnnounce);
  listening = false;
}

/** The injected choices: every announced wallet, plus window.ethereum only when nothing announced itself. */
export function injectedChoices(details: Eip6963ProviderDetail[], legacy: Eip1193Provider | undefined): WalletChoice[] {
  const choices: WalletChoice[] = details.map((detail) => ({
    connectorId: detail.info.rdns,
    name: detail.info.name,
    icon: detail.info.icon,
    kind: 'eip6963',
  }));
  if (choices.length === 0 && legacy) choices.push({ connectorId: LEGACY_CONNECTOR_ID, name: 'Browser wallet', kind: 'legacy' });
  return choices;
}

export const demoConnectorId = (accountIndex: number) => `${DEMO_CONNECTOR_PREFIX}${accountIndex}`;

export function demoAccountIndex(connectorId: string): number | null {
  if (!connectorId.startsWith(DEMO_CONNECTOR_PREFIX)) return null;
  const index = Number(connectorId.slice(DEMO_CONNECTOR_PREFIX.length));
  return Number.isInteger(index) && index >= 0 && index <= 4 ? index : null;
}
