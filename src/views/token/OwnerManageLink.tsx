import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { sameValidAddress } from '../../../domain/address';

/**
 * The token's owner sees no Buy or Make offer on the public page (docs/requirements.md#token-page); instead 'You own this token' and a
 * link to the token dashboard, where the token is listed for sale and its listings and offers are managed. A buyer
 * who just bought on this page (the live owner, holding `null`: theirs is another holding) is told too, with a link
 * to the dashboard's tokens, where the new holding is.
 */
export function OwnerManageLink({ holdingId, owner }: { holdingId: string | null; owner: string | null }) {
  const wallet = useSystemActor('walletSession');
  const viewer = useSelector(wallet, (snapshot) => snapshot.context.address);
  if (!owner || !viewer || !sameValidAddress(viewer, owner)) return null;
  return (
    <section className="token-owner-panel" aria-label="Your token">
      <p>You own this token.</p>
      {holdingId ? (
        <Link to="/account/dashboard/token/$id" params={{ id: holdingId }} className="button">
          List or manage it in your dashboard
        </Link>
      ) : (
        <Link to="/account/dashboard" search={{ tab: 'tokens' }} className="button">
          See it in your dashboard
        </Link>
      )}
    </section>
  );
}
