// The signed-in pages of the demo (the phone-performance work: /studio/list, /profile and /account/dashboard "(signed in)") and how
// the page benches sign in to them: as a visitor of the demo does, in the browser, through the real server. The app's
// wallet modal offers the demo wallet (the local chain's unlocked accounts; the node signs); the bench picks creator
// Mara Vale (hardhat #1: the seed's Quiet Geometry and Tidal Loops, scripts/seed/content.ts), accepts the terms and
// signs the SIWE login message, and the app stores its session as it does for anyone: the connection flag and
// wagmi's keys in localStorage, the API key the server issued in IndexedDB (src/services/wallet). A later load
// restores the session from those (the wallet reconnects without a new signature, the stored key is checked).
// signedInShows() then tells whether a page really rendered signed in, so a bench fails instead of reporting the
// figures of the connect-wallet prompt.
import type { BrowserContext } from '@playwright/test';

/** The demo account the bench signs in with: creator Mara Vale, hardhat #1 (scripts/seed/content.ts). */
export const DEMO_CREATOR = { accountIndex: 1, alias: 'mara.vale', collection: 'Quiet Geometry' };

/** What a signed-in page shows once loaded: an element (`selector`) whose text, or value for a form field, is `text`. */
export interface SignedInContent {
  selector: string;
  text: string;
}

export interface SignedInPage {
  label: string;
  path: string;
  shows: SignedInContent;
}

/** The pages measured signed in, with what each shows only to the signed-in creator. */
export const SIGNED_IN_PAGES: readonly SignedInPage[] = [
  // The studio list's rows (table or accordion) name the creator's collections.
  { label: '/studio/list (signed in)', path: '/studio/list', shows: { selector: 'main', text: DEMO_CREATOR.collection } },
  // The profile's general tab holds the account's alias (signed out: "Connect your wallet to edit your profile").
  { label: '/profile (signed in)', path: '/profile', shows: { selector: '#profile-alias', text: DEMO_CREATOR.alias } },
  // A creator's dashboard opens on My creations (a collector's on Purchased tokens).
  { label: '/account/dashboard (signed in)', path: '/account/dashboard', shows: { selector: '[role="tab"][aria-selected="true"]', text: 'My creations' } },
];

/** The signed-in page of `path`, if it is one. */
export const signedInPage = (path: string): SignedInPage | undefined => SIGNED_IN_PAGES.find((page) => page.path === path);

/** What the page shows of the session, read in the page (no nested named functions: tsx would name them with a helper the page lacks). */
export interface SignedInReading {
  path: string;
  /** The header's avatar link ("Profile of …"), shown only once registered. */
  avatar: string | null;
  /** The header's Connect wallet button, or the wallet modal, is there. */
  connectPrompt: boolean;
  /** The expected content is there. */
  shows: boolean;
}

export function readSignedIn(content: SignedInContent): SignedInReading {
  const avatar = document.querySelector('a.wallet-avatar-link[aria-label^="Profile of"]');
  const dialogs = Array.from(document.querySelectorAll('[role="dialog"]'));
  let shows = false;
  for (const element of Array.from(document.querySelectorAll(content.selector))) {
    const text = element instanceof HTMLInputElement ? element.value : (element.textContent ?? '');
    if (text.includes(content.text)) shows = true;
  }
  return {
    path: location.pathname,
    avatar: avatar ? avatar.getAttribute('aria-label') : null,
    connectPrompt: document.querySelector('.wallet-connect-button') !== null || dialogs.some((dialog) => (dialog.textContent ?? '').includes('Connect a wallet')),
    shows,
  };
}

/** Throws, saying what the page showed instead, unless `reading` is `page` rendered signed in. */
export function assertSignedIn(page: SignedInPage, reading: SignedInReading, where: string): void {
  const problems: string[] = [];
  if (reading.path !== page.path) problems.push(`it ended on ${reading.path}`);
  if (!reading.avatar) problems.push('no account avatar in the header');
  if (reading.connectPrompt) problems.push('it shows the connect-wallet prompt');
  if (!reading.shows) problems.push(`no ${JSON.stringify(page.shows.text)} in ${page.shows.selector}`);
  if (problems.length) throw new Error(`${where}: ${page.path} did not render signed in as the demo creator (${problems.join('; ')}): the session did not hold, so no figures are reported for it`);
}

/**
 * Reads the page (`read`: readSignedIn evaluated in it, by Playwright or Puppeteer) until it shows `signedIn` signed in,
 * up to `timeoutMs`, then asserts it (throws with what it showed instead).
 */
export async function expectSignedIn(read: () => Promise<SignedInReading>, signedIn: SignedInPage, where: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let reading = await read();
  while (Date.now() < deadline && (reading.path !== signedIn.path || !reading.avatar || reading.connectPrompt || !reading.shows)) {
    await new Promise((done) => setTimeout(done, 250));
    reading = await read();
  }
  assertSignedIn(signedIn, reading, where);
}

/**
 * Signs `context` in as demo account #accountIndex as a visitor does: the header's Connect wallet, the modal's demo
 * wallet with that account, the terms accepted, the login message signed by the chain's node and verified by the
 * server. Resolves once the app shows the account and has stored its API key in IndexedDB (so a new load restores it).
 */
export async function signInWithDemoWallet(context: BrowserContext, base: string, accountIndex = DEMO_CREATOR.accountIndex): Promise<void> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/`);
    await page.locator('header .wallet-connect-button').first().click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    await dialog.locator('#wallet-demo-account').selectOption(String(accountIndex), { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Demo wallet', exact: true }).click();
    // A first sign-in of the address asks for the terms (remembered per address in localStorage).
    const accept = dialog.getByRole('button', { name: 'Accept', exact: true });
    const avatar = page.locator('a.wallet-avatar-link[aria-label^="Profile of"]').first();
    await accept.or(avatar).first().waitFor({ timeout: 60_000 });
    if (await accept.isVisible()) await accept.click();
    await avatar.waitFor({ state: 'attached', timeout: 60_000 });
    // The API key is written to IndexedDB after the avatar shows: wait for it, or the next load would sign out.
    const deadline = Date.now() + 30_000;
    for (;;) {
      // Playwright's storage state holds IndexedDB when asked (its type does not say so).
      const state = (await context.storageState({ indexedDB: true })) as { origins: Array<{ origin: string; indexedDB?: Array<{ name: string; stores: Array<{ records: unknown[] }> }> }> };
      const stored = state.origins.some((origin) => origin.origin === new URL(base).origin && (origin.indexedDB ?? []).some((db) => db.name === 'artbazaar-wallet' && db.stores.some((store) => store.records.length > 0)));
      if (stored) break;
      if (Date.now() > deadline) throw new Error('signed in, but the app stored no API key in IndexedDB within 30 s');
      await page.waitForTimeout(250);
    }
  } finally {
    await page.close();
  }
}
