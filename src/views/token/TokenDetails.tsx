import { ActivitySection } from '../../components/activity/ActivitySection';
import { CommentsPanel } from '../../components/comments/CommentsPanel';
import { TokenTradePanel, type TradeToken } from '../../components/trading/TokenTradePanel';
import { useSelector } from '@xstate/react';
import type { TokenPageActor } from '../../services/flows/token';
import type { SiblingToken, TokenDetail } from '../../services/token';
import { Person } from './Person';
import { TokenMeta } from './TokenMeta';
import { TokenPageShell } from './TokenPageShell';
import { TokenOffers } from './TokenOffers';
import { TokenSiblings } from './TokenSiblings';
import { sameValidAddress } from '../../../domain/address';
import { liveToken } from '../../../machines/token/liveToken';
import { OwnerManageLink } from './OwnerManageLink';

export interface TokenDetailsProps {
  /** The page's flow: its children (sale, offers, offer actions, comments) run the parts below. */
  page: TokenPageActor;
  token: TokenDetail;
  siblings: SiblingToken[];
}

/** The loaded token page; live patches (sold, owner, likes, price) are merged over the fetched token. */
export function TokenDetails({ page, token: fetched, siblings }: TokenDetailsProps) {
  const patch = useSelector(page, (snapshot) => snapshot.context.patch);
  const token = liveToken(fetched, patch);
  const owner = token.tokenHolding?.owner ?? token.ownerInfo ?? null;
  const tradeToken: TradeToken = token;
  // The page's children run while it is ready, as long as this view shows.
  const sale = useSelector(page, (snapshot) => snapshot.children.sale)!;
  const offers = useSelector(page, (snapshot) => snapshot.children.offers)!;
  const offerActions = useSelector(page, (snapshot) => snapshot.children.offerActions)!;
  // The comment thread runs once the page started it (its panel near the screen).
  const comments = useSelector(page, (snapshot) => snapshot.children.comments);
  const commentsUnavailable = useSelector(page, (snapshot) => snapshot.matches({ ready: { comments: 'unavailable' } }));

  return (
    <TokenPageShell
      token={token}
      badge={token.isSold && <span className="badge badge-sold">SOLD</span>}
      byline={
        <div>
          <span className="token-label">Creator</span>
          <Person person={token.creatorInfo} />
        </div>
      }
      descriptionId="token-description"
      below={
        <>
          <TokenSiblings collection={token.collection} siblings={siblings} currentId={token._id} />
          <TokenOffers offers={offers} actions={offerActions} />
          <TokenMeta token={token} owner={owner} />
          <ActivitySection filter={{ token: token._id }} id="token-activity" hideItem market={{ params: { token: token._id }, chainId: token.chainId }} />
          <CommentsPanel thread={comments} unavailable={commentsUnavailable} send={page.send} />
        </>
      }
    >
      {/* Mounted while the page is: a purchase still running when the token turns SOLD is announced. */}
      <TokenTradePanel sale={sale} chainId={tradeToken.chainId} />
      {/* The fetched holding is the owner's only while no live sale moved the token (a buyer's holding is another). */}
      <OwnerManageLink
        holdingId={sameValidAddress(owner?.address, fetched.tokenHolding?.owner.address) ? (fetched.tokenHolding?.id ?? null) : null}
        owner={owner?.address ?? null}
      />
    </TokenPageShell>
  );
}
