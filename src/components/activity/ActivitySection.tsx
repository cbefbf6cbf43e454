// An Activity section (token, collection, artist pages and the dashboard): the on-chain history of what the page is
// about, newest first, under a token's or a collection's market figures. Its code (the figures, the list's view and
// their flows' reads) loads when the section nears the screen: below the fold on every page, it is in no route's
// first load.
import { Suspense, useCallback, useState } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import type { ActivityFilter } from '../../services/activity';
import type { MarketParams } from '../../services/market';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { useNear } from '../data/useNear';
import '../../styles/activity.css';

const ActivityPanel = retryableLazy(() => import('./ActivityPanel'));

export interface ActivitySectionProps {
  /** Exactly one of token, collection (their _id), artist or account (an address). */
  filter: ActivityFilter;
  /** The heading's id (unique on the page). */
  id?: string;
  /** Rows a page (20 by default, the server's). */
  pageSize?: number;
  /** Leave out the item column (a token's own history). */
  hideItem?: boolean;
  /** A token's or a collection's market figures (statistics, price history) above the rows. */
  market?: { params: MarketParams; chainId: number };
}

function ActivityStatus({ children }: { children: string }) {
  return (
    <p className="list-status" role="status">
      {children}
    </p>
  );
}

export function ActivitySection({ filter, id = 'activity-title', pageSize = 20, hideItem = false, market }: ActivitySectionProps) {
  const [near, setNear] = useState(false);
  const nearRef = useNear<HTMLElement>(useCallback(() => setNear(true), []));
  return (
    <section ref={near ? undefined : nearRef} className="activity-section" aria-labelledby={id}>
      <h2 id={id} className="section-title activity-title">
        Activity
      </h2>
      {near ? (
        <ChunkBoundary fallback={<ActivityStatus>Activity could not be loaded.</ActivityStatus>}>
          <Suspense fallback={<ActivityStatus>Loading activity…</ActivityStatus>}>
            <ActivityPanel filter={filter} pageSize={pageSize} hideItem={hideItem} market={market} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        <ActivityStatus>Loading activity…</ActivityStatus>
      )}
    </section>
  );
}
