// The service worker's data-cache policy (one data cache, owned by the service worker), pure and with the clock handed in: which requests it
// answers, how a stored answer is keyed, when it is fresh, which entries go first, and when a stored copy may answer
// instead of the network. src/offline/dataRoute.ts applies it; tests/app/dataPolicy.test.ts checks it.
import { walletCacheLifetimeMinutes } from '../../machines/wallet/constants';
import type { StoredEntry } from './protocol';

/** The local cache lifetime (docs/requirements.md#wallet-session): the window is VITE_CACHE_LIFETIME_MINUTES (60 in .env), 1440 when unset or unusable. */
export function cacheLifetimeMs(setting: unknown): number {
  return walletCacheLifetimeMinutes(setting) * 60_000;
}

/** A slower network answers from the stored copy only past this, and only after a failed request (item 1). */
export const STORED_ANSWER_AFTER_MS = 3000;
/** Eviction runs on start, on `offline.evict`, and on fetches at most this often. */
export const EVICTION_INTERVAL_MS = 5 * 60_000;

/** The request's account: the lowercased address of `Authorization: Bearer <address>:<key>`, else 'public'. */
export function accountOf(authorization: string | null | undefined): string {
  const match = /^\s*Bearer\s+([^:\s]+):/i.exec(authorization ?? '');
  return match ? match[1]!.toLowerCase() : 'public';
}

/** JSON with sorted keys, so equal variables give one key whatever their order; undefined members left out. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Variables that carry the current time: a stored answer could never match them, so they are left out of the key
 * (the current exhibition's `cDate`); the answer's own end date bounds the entry instead (expiresAtOf).
 */
export const CURRENT_TIME_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  getCurrentExhibition: ['cDate'],
};

/** `${account}|${operation}|${stable variables}` (StoredEntry.key); the operation of a GET is `GET <path?query>`. */
export function requestKey(account: string, operation: string, variables: unknown): string {
  const timeVariables = CURRENT_TIME_VARIABLES[operation];
  let keyed = variables ?? {};
  if (timeVariables && keyed && typeof keyed === 'object' && !Array.isArray(keyed)) {
    keyed = Object.fromEntries(Object.entries(keyed as Record<string, unknown>).filter(([name]) => !timeVariables.includes(name)));
  }
  return `${account}|${operation}|${stableStringify(keyed)}`;
}

/** For the current exhibition: its end date (epoch ms) from the answer; past it the entry counts as none. */
export function expiresAtOf(operation: string, body: unknown): number | undefined {
  if (operation !== 'getCurrentExhibition') return undefined;
  const exhibition = (body as { data?: { getCurrentExhibition?: { endDate?: unknown } | null } } | null)?.data?.getCurrentExhibition;
  if (!exhibition || typeof exhibition.endDate !== 'string') return undefined;
  const end = Date.parse(exhibition.endDate);
  return Number.isFinite(end) ? end : undefined;
}

type Aging = Pick<StoredEntry, 'fetchedAt' | 'pins' | 'expiresAt'>;

/** Inside the window: younger than the lifetime (an entry exactly the lifetime old is expired, as the stored wallet-connector keys are, docs/requirements.md#wallet-session). */
export function isInsideWindow(entry: Pick<StoredEntry, 'fetchedAt'>, now: number, lifetimeMs: number): boolean {
  return now - entry.fetchedAt < lifetimeMs;
}

/** Past its own end date (the current exhibition that has ended): counts as none, pinned or not. */
export function hasEnded(entry: Pick<StoredEntry, 'expiresAt'>, now: number): boolean {
  return entry.expiresAt !== undefined && now > entry.expiresAt;
}

/** May this entry answer a request? Pinned entries (a saved exhibition) outlive the window until unpinned. */
export function isServable(entry: Aging, now: number, lifetimeMs: number): boolean {
  if (hasEnded(entry, now)) return false;
  return entry.pins.length > 0 || isInsideWindow(entry, now, lifetimeMs);
}

/** Roughly what an entry costs in storage (strings count 2 bytes a character in IndexedDB). */
export function entryBytes(entry: Pick<StoredEntry, 'key' | 'body' | 'headers'>): number {
  let bytes = entry.key.length + entry.body.length;
  for (const [name, value] of Object.entries(entry.headers)) bytes += name.length + value.length;
  return bytes * 2 + 64;
}

type Evictable = Pick<StoredEntry, 'key' | 'body' | 'headers' | 'fetchedAt' | 'usedAt' | 'pins' | 'expiresAt'>;

/**
 * The keys to delete, in order: every unpinned entry past the window or its end date (and pinned ones past their
 * end date), then unpinned entries least recently used first until the rest fits `budgetBytes`. Pinned entries
 * count against the budget but are never evicted for it.
 */
export function evictionPlan(entries: readonly Evictable[], now: number, lifetimeMs: number, budgetBytes: number): string[] {
  const evicted: string[] = [];
  const kept: Evictable[] = [];
  for (const entry of entries) {
    if (!isServable(entry, now, lifetimeMs)) evicted.push(entry.key);
    else kept.push(entry);
  }
  let total = kept.reduce((sum, entry) => sum + entryBytes(entry), 0);
  const byUse = kept.filter((entry) => entry.pins.length === 0).sort((a, b) => a.usedAt - b.usedAt || a.fetchedAt - b.fetchedAt);
  for (const entry of byUse) {
    if (total <= budgetBytes) break;
    evicted.push(entry.key);
    total -= entryBytes(entry);
  }
  return evicted;
}

/**
 * After a quota error: the oldest-used unpinned entries, enough to free `needBytes` and at least a quarter of the
 * unpinned bytes, so the retry is not refused again at once.
 */
export function quotaEvictionPlan(entries: readonly Evictable[], needBytes: number): string[] {
  const unpinned = entries.filter((entry) => entry.pins.length === 0).sort((a, b) => a.usedAt - b.usedAt || a.fetchedAt - b.fetchedAt);
  const unpinnedBytes = unpinned.reduce((sum, entry) => sum + entryBytes(entry), 0);
  const target = Math.max(needBytes, unpinnedBytes / 4);
  const evicted: string[] = [];
  let freed = 0;
  for (const entry of unpinned) {
    if (freed >= target) break;
    evicted.push(entry.key);
    freed += entryBytes(entry);
  }
  return evicted;
}

/**
 * May the stored copy answer now? When the network failed: yes. When the network is only slow (past
 * STORED_ANSWER_AFTER_MS): only if the previous request to the server also failed — a busy server must not turn
 * into stale data.
 */
export function answerFromStore(situation: 'network-failed' | 'network-slow', previousRequestFailed: boolean): boolean {
  return situation === 'network-failed' || previousRequestFailed;
}

export type OperationType = 'query' | 'mutation' | 'subscription';

/**
 * The operation types of a GraphQL document, read without a parser: the first keyword of each top-level definition
 * (comments, strings and braced bodies skipped; a bare `{ … }` is a query; fragments are not operations).
 */
export function operationTypesOf(document: string): OperationType[] {
  const types: OperationType[] = [];
  let depth = 0;
  let expectDefinition = true;
  let index = 0;
  while (index < document.length) {
    const char = document[index]!;
    if (char === '#') {
      const end = document.indexOf('\n', index);
      index = end === -1 ? document.length : end + 1;
    } else if (char === '"') {
      const block = document.startsWith('"""', index);
      const close = block ? document.indexOf('"""', index + 3) : closingQuote(document, index + 1);
      index = close === -1 ? document.length : close + (block ? 3 : 1);
    } else if (char === '{' || char === '(' || char === '[') {
      // A bare selection set at the top level is a query (shorthand).
      if (depth === 0 && char === '{' && expectDefinition) types.push('query');
      if (depth === 0 && char === '{') expectDefinition = false;
      depth += 1;
      index += 1;
    } else if (char === '}' || char === ')' || char === ']') {
      depth = Math.max(0, depth - 1);
      // A definition's body closed: the next word starts a new definition.
      if (depth === 0 && char === '}') expectDefinition = true;
      index += 1;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(document.slice(index))![0];
      if (depth === 0 && expectDefinition) {
        if (word === 'query' || word === 'mutation' || word === 'subscription') types.push(word);
        expectDefinition = false;
      }
      index += word.length;
    } else {
      index += 1;
    }
  }
  return types;
}

function closingQuote(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index;
  }
  return -1;
}

/** A document the data cache answers: only queries (a document with any mutation or subscription passes through). */
export function isQueryDocument(document: string): boolean {
  const types = operationTypesOf(document);
  return types.length > 0 && types.every((type) => type === 'query');
}

/** The operation's name: the body's operationName, else the name after the first `query` keyword. */
export function operationNameOf(document: string, operationName: unknown): string {
  if (typeof operationName === 'string' && operationName !== '') return operationName;
  const match = /\bquery\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(document.replace(/#[^\n]*/g, ''));
  return match ? match[1]! : 'anonymous';
}

/** Same-origin GET reads the data cache answers: under /api/ or /content/, but never uploads, nonces or health. */
export function isCachedReadPath(pathname: string): boolean {
  if (!pathname.startsWith('/api/') && !pathname.startsWith('/content/')) return false;
  return !UNCACHED_READS.some((pattern) => pattern.test(pathname));
}

const UNCACHED_READS: readonly RegExp[] = [
  // tus uploads (/api/v1/canvas/{id}/upload/…) and any other upload route.
  /\/upload(\/|$)/,
  // One-time sign-in values and liveness: a stored copy would be wrong by construction.
  /^\/api\/v1\/account\/nonce$/,
  /^\/api\/v1\/connect\/challenge$/,
  /^\/api\/v1\/health$/,
];
