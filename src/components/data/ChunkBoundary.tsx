import { Component, type ReactNode } from 'react';
import { isChunkLoadError, retryFailedChunks } from '../../app/chunkLoad';

interface ChunkBoundaryProps {
  /** Shown instead of the part whose code could not load (null: the part is left out). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Around a lazily loaded part of a page (a home section, a media viewer): when its code cannot load, the fallback
 * shows and the page stays; once the browser is back online the part is tried again (its import is retryable, see
 * retryableLazy). Any other error goes on to the page's error boundary.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    if (this.state.error === null) return;
    retryFailedChunks();
    this.setState({ error: null });
  };

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return this.props.fallback;
  }
}
