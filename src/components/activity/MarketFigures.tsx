// A token's or a collection's market figures (inside the Activity section's chunk): a collection's statistics (floor
// price, volume, sales, owners, listed share) and the price history, drawn by PriceChart (its own chunk, uPlot) with
// a table of the same points for screen readers. Read by the page's figures flow, again after live sales and listings.
import { Component, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { retryableLazy } from '../../app/chunkLoad';
import { useFlow } from '../../app/flows';
import { formatUnits } from '../../app/format';
import { marketFiguresFlow } from '../../services/flows/market';
import { isSale, type CollectionStats, type MarketParams, type PriceHistory } from '../../services/market';
import { formatDateTime } from '../../views/token/dates';
import { ListFailure } from '../feedback/ReadFailure';
import { useNativeSymbol, usePriceFormat } from '../trading/currency';
import type { ChartPoint } from './PriceChart';

const PriceChart = retryableLazy(() => import('./PriceChart'));

/**
 * The picture is an extra: whatever stops it (its chunk offline, a browser without a 2D canvas) leaves the space it
 * reserved empty and the page as it is; the table below says the same. Tried again with the next figures.
 */
class ChartBoundary extends Component<{ children: ReactNode; figures: unknown }, { failed: unknown }> {
  override state: { failed: unknown } = { failed: null };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { figures: unknown }) {
    if (this.state.failed && previous.figures !== this.props.figures) this.setState({ failed: null });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const toUnits = (wei: string) => Number(BigInt(wei)) / 1e18;
const POINT_NAMES: Record<string, string> = { listing_created: 'Listed', listing_sold: 'Sold', offer_sold: 'Offer accepted' };

function Stats({ stats, chainId }: { stats: CollectionStats; chainId: number }) {
  const formatPrice = usePriceFormat();
  const share = stats.tokens > 0 ? Math.round((stats.listed / stats.tokens) * 100) : 0;
  return (
    <dl className="market-stats">
      <div>
        <dt>Floor price</dt>
        <dd>{stats.floorPrice ? formatPrice(stats.floorPrice, chainId) : '—'}</dd>
      </div>
      <div>
        <dt>Volume</dt>
        <dd>{stats.volume.length > 0 ? stats.volume.map((entry) => formatPrice(entry, chainId)).join(' + ') : '—'}</dd>
      </div>
      <div>
        <dt>Sales</dt>
        <dd>{stats.sales}</dd>
      </div>
      <div>
        <dt>Owners</dt>
        <dd>{stats.owners}</dd>
      </div>
      <div>
        <dt>Listed</dt>
        <dd>
          {stats.listed} of {stats.tokens} ({share}%)
        </dd>
      </div>
    </dl>
  );
}

function History({ history, chainId, titleId }: { history: PriceHistory; chainId: number; titleId: string }) {
  const formatPrice = usePriceFormat();
  const symbol = useNativeSymbol(chainId);
  const points = useMemo<ChartPoint[]>(
    () =>
      history.points.map((point) => {
        const value = toUnits(point.price.amount);
        return { time: Date.parse(point.time) / 1000, sale: isSale(point) ? value : null, listing: isSale(point) ? null : value };
      }),
    [history.points],
  );
  const asking = history.listing ? toUnits(history.listing.amount) : null;
  if (history.points.length === 0) return <p className="no-result">No sales or listings yet</p>;
  return (
    <>
      <ul className="price-legend" aria-hidden="true">
        <li className="price-legend-sale">Sale</li>
        <li className="price-legend-listing">Listing</li>
        {asking !== null && <li className="price-legend-asking">Asking {formatUnits(history.listing!.amount)} {symbol}</li>}
      </ul>
      <div className="price-chart">
        <ChartBoundary figures={history}>
          <Suspense fallback={null}>
            <PriceChart points={points} asking={asking} symbol={symbol} />
          </Suspense>
        </ChartBoundary>
      </div>
      {/* Hidden in a box (a table is as wide as its cells, whatever width it is given): read by screen readers only. */}
      <div className="visually-hidden">
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Event</th>
              <th scope="col">Price per unit</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {history.points.map((point, index) => (
              <tr key={`${point.time}-${index}`}>
                <td>{formatDateTime(point.time)}</td>
                <td>{POINT_NAMES[point.type] ?? point.type}</td>
                <td>{formatPrice(point.price, chainId)}</td>
                <td>{point.amount}</td>
              </tr>
            ))}
          </tbody>
          {history.listing && (
            <tfoot>
              <tr>
                <th scope="row">Asking today</th>
                <td colSpan={3}>{formatPrice(history.listing, chainId)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </>
  );
}

export function MarketFigures({ params, chainId }: { params: MarketParams; chainId: number }) {
  const [input] = useState(() => ({ params }));
  const flow = useFlow(marketFiguresFlow, { input });
  const figures = useSelector(flow, (snapshot) => snapshot.context.figures);
  const loading = useSelector(flow, (snapshot) => snapshot.hasTag('loading'));
  const error = useSelector(flow, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const titleId = 'token' in params ? 'price-history-token' : 'price-history-collection';
  return (
    <div className="market-figures" aria-busy={loading}>
      {figures?.stats && <Stats stats={figures.stats} chainId={chainId} />}
      <h3 id={titleId} className="market-title">
        Price history
      </h3>
      {figures && <History history={figures.history} chainId={chainId} titleId={titleId} />}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading prices…
        </p>
      )}
      {error !== null && <ListFailure message={`Could not load prices. ${error}`} onRetry={() => flow.send({ type: 'figures.retry' })} />}
    </div>
  );
}
