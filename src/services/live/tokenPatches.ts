// Live changes to tokens (sold, new owner, likes, price) that arrive after a list or page was fetched.
// Live events and the like toggle write patches here; every card and token view merges them over what it
// fetched, so one Sold event shows the SOLD badge wherever that token is on screen.
import { useSyncExternalStore } from 'react';

export interface TokenPatch {
  isSold?: boolean;
  likesCount?: number;
  /** New owner's address after a sale or transfer. */
  ownerAddress?: string;
  /** Current listing price in wei (decimal string); null when no longer listed. */
  priceWei?: string | null;
}

const patches = new Map<string, TokenPatch>();
const listeners = new Set<() => void>();

/** Merges a patch for token `id` (the token's database id, `_id`) and notifies the views showing it. */
export function patchToken(id: string, patch: TokenPatch): void {
  patches.set(id, { ...patches.get(id), ...patch });
  for (const listener of listeners) listener();
}

export function tokenPatch(id: string): TokenPatch | undefined {
  return patches.get(id);
}

/** Forgets every patch (tests, and after a full refetch). */
export function clearTokenPatches(): void {
  patches.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live patch for one token, re-rendering when it changes. */
export function useTokenPatch(id: string): TokenPatch | undefined {
  return useSyncExternalStore(subscribe, () => patches.get(id), () => undefined);
}
