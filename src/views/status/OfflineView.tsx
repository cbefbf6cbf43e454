import { StatusPage } from './StatusPage';

export const OFFLINE_HEADING = 'You are offline';
export const OFFLINE_TEXT = 'This page could not load without a network connection. Check your connection and try again.';
export const CONNECTION_HEADING = 'Connection problem';
export const CONNECTION_TEXT = 'This page could not load. Check your connection and try again.';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The offline page (all code offline after one visit): a page whose code or data could not arrive. Retry loads it again for real
 * (the failed import and the route's data), it is not a reload of what failed.
 */
export function OfflineView({ onRetry }: { onRetry: () => void }) {
  const offline = isOffline();
  return (
    <StatusPage
      title={offline ? OFFLINE_HEADING : CONNECTION_HEADING}
      heading={offline ? OFFLINE_HEADING : CONNECTION_HEADING}
      actions={
        <button type="button" className="button button-primary" onClick={onRetry}>
          Retry
        </button>
      }
    >
      <p className="status-text">{offline ? OFFLINE_TEXT : CONNECTION_TEXT}</p>
    </StatusPage>
  );
}
