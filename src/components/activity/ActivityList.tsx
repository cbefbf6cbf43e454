// The Activity section's list (its own chunk, loaded when the section nears the screen): the history's rows, 20 a
// page with Show more, page 1 read again when live events say it is stale (a new sale, listing, offer or transfer
// appears without a reload). Each row's transaction links to the chain's explorer when the config names one, else
// shows its hash with Copy.
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useSystemActor } from '../../app/appActorContext';
import { displayName } from '../../app/format';
import { shortenId } from '../../../domain/artistName';
import { ACTIVITY_LABELS, explorerTransactionUrl, type ActivityEntry, type ActivityFilter } from '../../services/activity';
import { activityList } from '../../services/flows/activity';
import { OfferTime } from '../../views/token/OfferTime';
import { ListFailure } from '../feedback/ReadFailure';
import { usePagedList, usePagedListState } from '../tokens/usePagedList';
import { usePriceFormat } from '../trading/currency';

export interface ActivityListProps {
  filter: ActivityFilter;
  pageSize: number;
  hideItem: boolean;
}

function TransactionCell({ hash, chainId }: { hash: string; chainId: number }) {
  const config = useSystemActor('config');
  const explorer = useSelector(config, (snapshot) => snapshot.context.config?.evms.find((entry) => entry.chainId === chainId)?.blockExplorerUrl);
  const url = explorerTransactionUrl(explorer, hash);
  const [copied, setCopied] = useState(false);
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" title={hash}>
        {shortenId(hash)} <span className="visually-hidden">(transaction, opens in a new tab)</span>
      </a>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
    } catch {
      // No clipboard permission: the full hash stays in the title.
      setCopied(false);
    }
  };
  return (
    <span className="activity-hash">
      <code title={hash} data-hash={hash}>
        {shortenId(hash)}
      </code>
      <button type="button" className="button" onClick={() => void copy()} aria-label={`Copy transaction hash ${shortenId(hash)}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Transaction hash copied' : ''}
      </span>
    </span>
  );
}

function ItemCell({ token }: { token: ActivityEntry['token'] }) {
  const name = token.name || `#${token.tokenId}`;
  return token.holdingId ? (
    <Link to="/token/$id" params={{ id: token.holdingId }}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

export default function ActivityList({ filter, pageSize, hideItem }: ActivityListProps) {
  const formatPrice = usePriceFormat();
  const list = usePagedList<ActivityEntry, ActivityFilter>({ list: activityList, params: filter, pageSize });
  const { items, loading, error, empty, canLoadMore } = usePagedListState(list);
  return (
    <div className="activity-list" aria-busy={loading}>
      {items.length > 0 && (
        // Its own scroll box on a narrow screen (labelled, reachable by keyboard to scroll): the page keeps the screen's width.
        <div className="activity-scroll" role="region" aria-label="Activity table" tabIndex={0}>
          <table className="activity-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                {!hideItem && <th scope="col">Item</th>}
                <th scope="col">Price</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Date</th>
                <th scope="col">Transaction</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.id} data-activity-type={row.type}>
                  <td>{ACTIVITY_LABELS[row.type] ?? row.type}</td>
                  {!hideItem && (
                    <td>
                      <ItemCell token={row.token} />
                    </td>
                  )}
                  <td>{row.price ? formatPrice(row.price, row.chainId) : '—'}</td>
                  <td>{row.from ? displayName(row.from) : '—'}</td>
                  <td>{row.to ? displayName(row.to) : '—'}</td>
                  <td>
                    <OfferTime createdAt={row.createdAt} />
                  </td>
                  <td>
                    <TransactionCell hash={row.transactionHash} chainId={row.chainId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {empty && <p className="no-result">No activity yet</p>}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading activity…
        </p>
      )}
      {error !== null && <ListFailure message={`Could not load activity. ${error}`} onRetry={() => list.send({ type: 'list.retry' })} />}
      {canLoadMore && !loading && (
        <button type="button" className="button" onClick={() => list.send({ type: 'list.loadMore' })}>
          Show more activity
        </button>
      )}
    </div>
  );
}
