import type { TokenPatch } from '../../services/live/tokenPatches';
import type { TokenDetail } from '../../services/token';

/** The fetched token with its live patch applied: sold flag, likes, new owner, current listing price. */
export function liveToken(token: TokenDetail, patch: TokenPatch | undefined): TokenDetail {
  if (!patch) return token;
  const holding = token.tokenHolding;
  const ownerChanged =
    patch.ownerAddress !== undefined && patch.ownerAddress.toLowerCase() !== holding?.owner.address.toLowerCase();
  // A new owner is known only by address until the page is fetched again.
  // Addresses from the wallet are checksummed, the server's are lower case: shown the server's way.
  const owner = ownerChanged ? { address: patch.ownerAddress!.toLowerCase() } : holding?.owner;
  const salePrice =
    patch.priceWei === undefined
      ? holding?.salePrice
      : patch.priceWei === null
        ? null
        : { amount: patch.priceWei, currency: holding?.salePrice?.currency ?? 'ETH' };
  return {
    ...token,
    isSold: patch.isSold ?? token.isSold,
    likesCount: patch.likesCount ?? token.likesCount,
    ownerInfo: ownerChanged ? owner : token.ownerInfo,
    tokenHolding: holding && owner ? { ...holding, owner, salePrice } : holding,
  };
}
