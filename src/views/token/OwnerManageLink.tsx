import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { sameAddress } from '../../app/format';

/**
 * The token's owner sees no Buy or Make offer on the public page (seed 000 §2); instead a link to the token
 * dashboard, where the token is listed for sale and its listings and offers are managed.
 */
export function OwnerManageLink({ holdingId, owner }: { holdingId: string | null; owner: string | null }) {
  const wallet = useSystemActor('walletSession');
  const viewer = useSelector(wallet, (snapshot) => snapshot.context.address);
  if (!holdingId || !owner || !viewer || !sameAddress(viewer, owner)) return null;
  return (
    <section className="token-owner-panel" aria-label="Your token">
      <p>You own this token.</p>
      <Link to="/account/dashboard/token/$id" params={{ id: holdingId }} className="button">
        List or manage it in your dashboard
      </Link>
    </section>
  );
}
