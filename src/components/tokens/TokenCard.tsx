import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { displayName, formatPrice } from '../../app/format';
import type { MarketplaceToken, Price } from '../../services/marketplace';
import { useTokenPatch, type TokenPatch } from '../../services/live/tokenPatches';
import { LikeButton } from '../likes/LikeButton';
import { TokenMedia } from '../media/TokenMedia';
import { NATIVE_CURRENCY } from '../../../domain/nativeCurrency';
import { useNativeSymbol } from '../trading/currency';

/** The price shown on a card: a live price change (or unlisting) wins over the fetched listing. */
export function shownPrice(token: MarketplaceToken, patch: TokenPatch | undefined): Price | null {
  const fetched = token.tokenHolding?.salePrice ?? null;
  if (!patch || !('priceWei' in patch) || patch.priceWei === undefined) return fetched;
  return patch.priceWei === null ? null : { amount: patch.priceWei, currency: fetched?.currency ?? NATIVE_CURRENCY };
}

/** The last sale shown on a card: a live sale wins over the fetched one. */
export function shownLastSale(token: MarketplaceToken, patch: TokenPatch | undefined): Price | null {
  if (patch?.lastSaleWei !== undefined) return { amount: patch.lastSaleWei, currency: token.lastSale?.currency ?? NATIVE_CURRENCY };
  return token.lastSale ?? null;
}

export interface TokenCardFrameProps {
  token: MarketplaceToken;
  nameId: string;
  /** The name: a link covering the card when the card opens a page (linked). */
  name: ReactNode;
  linked: boolean;
  /** SOLD, Yours, or nothing. */
  badge: ReactNode;
  price: Price | null;
  /** Shown instead of 'Not for sale' when unlisted (a token sold before). */
  lastSale?: Price | null;
  /** The line under the name: the creator, or who holds the token. */
  byline: string;
  eager?: boolean;
  /** h3 in a titled section's list; h2 for a card directly under a view's h1. */
  headingLevel?: 2 | 3;
}

/**
 * Every token card's boxes: thumbnail with its badge, name, byline, price and likes (the like button sits above the
 * link). An unlisted token that was sold shows its last sale's price instead of 'Not for sale'.
 */
export function TokenCardFrame({ token, nameId, name, linked, badge, price, lastSale = token.lastSale, byline, eager = false, headingLevel = 3 }: TokenCardFrameProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nativeSymbol = useNativeSymbol(token.chainId);
  return (
    <article className={linked ? 'token-card token-card-linked' : 'token-card'} aria-labelledby={nameId}>
      <div className="token-card-media">
        <TokenMedia token={token} variant="card" eager={eager} />
        {badge}
      </div>
      <div className="token-card-body">
        <Heading className="token-card-name" id={nameId}>
          {name}
        </Heading>
        <p className="token-card-creator">{byline}</p>
        <div className="token-card-footer">
          <span className="token-card-price">
            {price ? formatPrice(price, nativeSymbol) : lastSale ? `Last sale ${formatPrice(lastSale, nativeSymbol)}` : 'Not for sale'}
          </span>
          <LikeButton tokenId={token._id} likesCount={token.likesCount} />
        </div>
      </div>
    </article>
  );
}

/** The badge a card shows once its token is sold (fetched or live). */
export function SoldBadge() {
  return <span className="badge badge-sold">SOLD</span>;
}

/**
 * A token card: thumbnail, name, creator, price and likes; SOLD once sold (fetched or live). The name links to the
 * token page only when the token has holding info; the link covers the card, the like button sits above it.
 */
export function TokenCard({ token, eager = false }: { token: MarketplaceToken; eager?: boolean }) {
  const patch = useTokenPatch(token._id);
  const nameId = useId();
  const holdingId = token.tokenHolding?.id;
  const name = holdingId ? (
    <Link to="/token/$id" params={{ id: holdingId }} className="token-card-link">
      {token.name}
    </Link>
  ) : (
    token.name
  );
  return (
    <TokenCardFrame
      token={token}
      nameId={nameId}
      name={name}
      linked={Boolean(holdingId)}
      badge={token.isSold || patch?.isSold === true ? <SoldBadge /> : null}
      price={shownPrice(token, patch)}
      lastSale={shownLastSale(token, patch)}
      byline={displayName(token.creatorInfo)}
      eager={eager}
    />
  );
}

/**
 * A card's stand-in while its list loads (PagedGrid placeholders): the card's boxes with the same classes, so it is as
 * tall as the card that replaces it. Empty lines keep their line height; nothing in it is read out.
 */
export function TokenCardPlaceholder() {
  return (
    <div className="token-card token-card-placeholder" aria-hidden="true">
      <div className="token-card-media" />
      <div className="token-card-body">
        <p className="token-card-name">{'\u00a0'}</p>
        <p className="token-card-creator">{'\u00a0'}</p>
        <div className="token-card-footer">
          <span className="token-card-price">{'\u00a0'}</span>
        </div>
      </div>
    </div>
  );
}
