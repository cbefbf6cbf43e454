import { sameValidAddress } from '../../domain/address';
import type { PersonInfo } from '../../domain/contracts/liveEvents';
import type { TokenPatch } from '../live/liveEventsMachine';
import { NATIVE_CURRENCY } from '../../domain/nativeCurrency';

/** What liveToken reads and rewrites of a fetched token (the token page's and the dashboard's token). */
export interface LiveTokenShape {
  isSold: boolean;
  likesCount?: number | null;
  ownerInfo?: unknown;
  tokenHolding?: { owner: { address: string }; salePrice?: { amount: string; currency: string } | null } | null;
}

/** The fetched token with its live patch applied: sold flag, likes, new owner, current listing price. */
export function liveToken<T extends LiveTokenShape>(token: T, patch: TokenPatch | undefined): T {
  if (!patch) return token;
  const holding = token.tokenHolding;
  const ownerChanged = patch.ownerAddress !== undefined && !sameValidAddress(patch.ownerAddress, holding?.owner.address);
  // A Sold event names the new owner (alias, first and last name, avatar) so they show as after a reload; a
  // name-less change is known by address only. Addresses from the wallet are checksummed, the server's
  // are lower case: shown the server's way.
  const named = patch.owner && sameValidAddress(patch.owner.address, patch.ownerAddress) ? patch.owner : null;
  const newOwner: PersonInfo | null = ownerChanged
    ? {
        id: named?.id ?? null,
        address: patch.ownerAddress!.toLowerCase(),
        alias: named?.alias ?? null,
        avatar: named?.avatar ?? null,
        firstName: named?.firstName ?? null,
        lastName: named?.lastName ?? null,
      }
    : null;
  const owner = newOwner ?? holding?.owner;
  const salePrice =
    patch.priceWei === undefined
      ? holding?.salePrice
      : patch.priceWei === null
        ? null
        : { amount: patch.priceWei, currency: holding?.salePrice?.currency ?? NATIVE_CURRENCY };
  return {
    ...token,
    isSold: patch.isSold ?? token.isSold,
    likesCount: patch.likesCount ?? token.likesCount,
    ownerInfo: newOwner ?? token.ownerInfo,
    tokenHolding: holding && owner ? { ...holding, owner, salePrice: salePrice ?? null } : holding,
  };
}
