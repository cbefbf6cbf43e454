import { CommentsPanel } from '../../components/comments/CommentsPanel';
import { LikeButton } from '../../components/likes/LikeButton';
import { TokenMedia } from '../../components/media/TokenMedia';
import { TokenTradePanel, type TradeToken } from '../../components/trading/TokenTradePanel';
import { useSelector } from '@xstate/react';
import type { TokenPageActor } from '../../services/flows/token';
import type { SiblingToken, TokenDetail } from '../../services/token';
import { Person } from './Person';
import { TokenFacts } from './TokenFacts';
import { TokenMeta } from './TokenMeta';
import { TokenOffers } from './TokenOffers';
import { TokenSiblings } from './TokenSiblings';
import { sameValidAddress } from '../../../domain/address';
import { liveToken } from '../../../machines/token/liveToken';
import { OwnerManageLink } from './OwnerManageLink';

export interface TokenDetailsProps {
  /** The page's flow: its children (sale, offers, offer actions) run the parts below. */
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

  return (
    <div className="page token-page">
      <div className="token-layout">
        <div className="token-media-frame">
          <TokenMedia token={token} variant="detail" />
          {token.isSold && <span className="badge badge-sold">SOLD</span>}
        </div>
        <div className="token-summary">
          <h1 className="token-name">{token.name}</h1>
          <div className="token-byline">
            <div>
              <span className="token-label">Creator</span>
              <Person person={token.creatorInfo} />
            </div>
            <LikeButton tokenId={token._id} likesCount={token.likesCount} />
          </div>
          {/* Mounted while the page is: a purchase still running when the token turns SOLD is announced. */}
          <TokenTradePanel sale={sale} chainId={tradeToken.chainId} />
          {/* The fetched holding is the owner's only while no live sale moved the token (a buyer's holding is another). */}
          <OwnerManageLink
            holdingId={sameValidAddress(owner?.address, fetched.tokenHolding?.owner.address) ? (fetched.tokenHolding?.id ?? null) : null}
            owner={owner?.address ?? null}
          />
          {token.description && (
            <section className="token-section" aria-labelledby="token-description">
              <h2 id="token-description" className="token-section-title">
                Description
              </h2>
              <p className="token-description">{token.description}</p>
            </section>
          )}
          <TokenFacts token={token} />
        </div>
      </div>
      <TokenSiblings collection={token.collection} siblings={siblings} currentId={token._id} />
      <TokenOffers offers={offers} actions={offerActions} />
      <TokenMeta token={token} owner={owner} />
      <CommentsPanel tokenId={token._id} />
    </div>
  );
}
