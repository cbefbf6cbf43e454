// Accepted terms (docs/requirements.md#wallet-session): the addresses that accepted the terms of service, kept in this browser
// (localStorage, one JSON list of lower-case addresses) so the question is asked once per address.

export const ACCEPTED_TERMS_KEY = 'artbazaar.acceptedTerms';

function readList(storage: Storage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(ACCEPTED_TERMS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether `address` accepted the terms in this browser. */
export function hasAcceptedTerms(address: string, storage: Storage | undefined = globalThis.localStorage): boolean {
  return readList(storage).includes(address.toLowerCase());
}

/** Remembers that `address` accepted the terms; storage blocked: it is asked again next time. */
export function rememberAcceptedTerms(address: string, storage: Storage | undefined = globalThis.localStorage): void {
  const list = readList(storage);
  const lower = address.toLowerCase();
  if (list.includes(lower)) return;
  try {
    storage?.setItem(ACCEPTED_TERMS_KEY, JSON.stringify([...list, lower]));
  } catch {
    // Private mode or quota: nothing to remember with.
  }
}
