import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { sameValidAddress } from '../../../domain/address';
import { useTokenPatch } from '../../services/live/tokenPatches';
import type { MarketplaceToken } from '../../services/marketplace';
import { shownPrice } from '../../components/tokens/TokenCard';

/**
 * What a dashboard token card shows of a token for the signed-in viewer, live: whether the viewer holds it (a live
 * sale moves it to its buyer: the patched owner wins over the fetched one), whether it is sold, its price, and its
 * name as a link — to the token dashboard for the viewer's own tokens, to the public token page for the others,
 * none without holding info.
 */
export function useViewerToken(token: MarketplaceToken, viewer: string) {
  const patch = useTokenPatch(token._id);
  const nameId = useId();
  const holding = token.tokenHolding ?? null;
  const owner = patch?.ownerAddress ?? holding?.owner.address ?? null;
  const owned = holding !== null && sameValidAddress(owner, viewer);
  const sold = token.isSold || patch?.isSold === true;
  const price = shownPrice(token, patch);

  let name: ReactNode = token.name;
  if (holding && owned) {
    name = (
      <Link to="/account/dashboard/token/$id" params={{ id: holding.id }} className="token-card-link">
        {token.name}
      </Link>
    );
  } else if (holding) {
    name = (
      <Link to="/token/$id" params={{ id: holding.id }} className="token-card-link">
        {token.name}
      </Link>
    );
  }
  return { nameId, holding, owned, sold, price, name };
}
