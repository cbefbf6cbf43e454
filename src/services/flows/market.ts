// The market figures' flow (token and collection pages): the figures machine reading through src/services/market,
// read again when live events say lists are stale.
import { fromPromise } from 'xstate';
import { createMarketFiguresMachine, type MarketFiguresInput } from '../../../machines/market/marketFiguresMachine';
import { watchListsStale } from '../../../machines/live/watchListsStale';
import { fetchMarketFigures, type MarketFigures, type MarketParams } from '../market';

export const marketFiguresFlow = createMarketFiguresMachine<MarketParams, MarketFigures>().provide({
  actors: {
    fetchFigures: fromPromise<MarketFigures, MarketFiguresInput<MarketParams>>(({ input, signal }) => fetchMarketFigures(input.params, signal)),
    watchListsStale,
  },
});
