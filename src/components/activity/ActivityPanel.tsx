// What the Activity section shows once it nears the screen (this chunk): a token's or a collection's market figures
// (statistics and price history) above the history's rows.
import type { ActivityFilter } from '../../services/activity';
import type { MarketParams } from '../../services/market';
import ActivityList from './ActivityList';
import { MarketFigures } from './MarketFigures';

export interface ActivityPanelProps {
  filter: ActivityFilter;
  pageSize: number;
  hideItem: boolean;
  /** A token's or a collection's figures, drawn above the rows (none for an artist or an account). */
  market?: { params: MarketParams; chainId: number };
}

export default function ActivityPanel({ market, ...list }: ActivityPanelProps) {
  return (
    <>
      {market && (
        <>
          <MarketFigures params={market.params} chainId={market.chainId} />
          <h3 className="market-title">Events</h3>
        </>
      )}
      <ActivityList {...list} />
    </>
  );
}
