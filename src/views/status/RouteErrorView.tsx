import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError, isOfflineFailure, reloadForFailedCode, retryFailedChunks, showingCodeFailure } from '../../app/chunkLoad';
import { reloadRoute } from '../../services/flows/navigation';
import { ErrorView } from './ErrorView';
import { OfflineView } from './OfflineView';

/**
 * A page that failed to load or render. Its code or data did not arrive (offline, a dropped connection): the offline
 * page; anything else: the general error page. Either retry resets the boundary and loads the route again (its
 * chunks are imported afresh: the router and retryableLazy forget failed imports); when its code is what failed, the
 * page loads again (reloadForFailedCode: the browser may never fetch a failed import again in this document).
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const codeFailed = isChunkLoadError(error);
  // Shown for code that did not arrive: back online the document loads again (src/app/router.ts).
  useEffect(() => (codeFailed ? showingCodeFailure() : undefined), [codeFailed]);
  const retry = () => {
    if (codeFailed) {
      reloadForFailedCode();
      return;
    }
    retryFailedChunks();
    reset();
    // The app's router loads the shown route again (src/services/flows/navigation.ts).
    void reloadRoute();
  };
  if (isOfflineFailure(error)) return <OfflineView onRetry={retry} />;
  return <ErrorView message={error instanceof Error ? error.message : undefined} onRetry={retry} />;
}
