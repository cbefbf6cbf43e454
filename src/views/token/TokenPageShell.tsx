import type { ReactNode } from 'react';
import { LikeButton } from '../../components/likes/LikeButton';
import { TokenMedia } from '../../components/media/TokenMedia';
import type { TokenDetail } from '../../services/token';
import { TokenDescription, TokenFacts } from './TokenFacts';

export interface TokenPageShellProps {
  token: TokenDetail;
  /** A class beside `page token-page` (the token dashboard's). */
  className?: string;
  /** Above the layout: the dashboard's breadcrumb. */
  top?: ReactNode;
  /** Over the media: SOLD. */
  badge?: ReactNode;
  /** Beside the like button: the creator, or the collection. */
  byline: ReactNode;
  /** Names the description section (one per page). */
  descriptionId: string;
  /** Between the byline and the description: the trade panel, the owner's forms and notes. */
  children: ReactNode;
  /** Below the layout: siblings, offers, comments; the owner's boxes. */
  below?: ReactNode;
}

/**
 * One token page's frame, the public page's and the token dashboard's: the media (with its badge) beside the summary —
 * name, byline and like, the page's own parts, the description and the details — and what follows below.
 */
export function TokenPageShell({ token, className, top, badge, byline, descriptionId, children, below }: TokenPageShellProps) {
  return (
    <div className={className ? `page token-page ${className}` : 'page token-page'}>
      {top}
      <div className="token-layout">
        <div className="token-media-frame">
          <TokenMedia token={token} variant="detail" />
          {badge}
        </div>
        <div className="token-summary">
          <h1 className="token-name">{token.name}</h1>
          <div className="token-byline">
            {byline}
            <LikeButton tokenId={token._id} likesCount={token.likesCount} />
          </div>
          {children}
          <TokenDescription text={token.description} headingId={descriptionId} />
          <TokenFacts token={token} />
        </div>
      </div>
      {below}
    </div>
  );
}
