import type { ErrorComponentProps } from '@tanstack/react-router';
import { isOfflineFailure, retryFailedChunks } from '../../app/chunkLoad';
import { reloadRoute } from '../../services/flows/navigation';
import { ErrorView } from './ErrorView';
import { OfflineView } from './OfflineView';

/**
 * A page that failed to load or render. Its code or data did not arrive (offline, a dropped connection): the offline
 * page; anything else: the general error page. Either retry resets the boundary and loads the route again (its
 * chunks are imported afresh: the router and retryableLazy forget failed imports).
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const retry = () => {
    retryFailedChunks();
    reset();
    // The app's router loads the shown route again (src/services/flows/navigation.ts).
    void reloadRoute();
  };
  if (isOfflineFailure(error)) return <OfflineView onRetry={retry} />;
  return <ErrorView message={error instanceof Error ? error.message : undefined} onRetry={retry} />;
}
