import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isCodeFailureShown, isOfflineFailure, reloadForFailedCode, retryableLazy } from '../../src/app/chunkLoad';
import { ChunkBoundary } from '../../src/components/data/ChunkBoundary';
import { setFlowReloader } from '../../src/services/flows/navigation';
import { RouteErrorView } from '../../src/views/status/RouteErrorView';

// Loading the document again (what a failed route import's Retry does) is jsdom's to refuse: a spy here.
vi.mock('../../src/app/chunkLoad', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/app/chunkLoad')>()), reloadForFailedCode: vi.fn() }));

// The app's router registers its reload (router.invalidate) with the flows' navigation module; a stand-in here.
const routerMock = { invalidate: vi.fn(async () => undefined) };
setFlowReloader(() => routerMock.invalidate());

const CHUNK_ERROR = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:8787/assets/ImageViewer-Bx1.js');

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
  routerMock.invalidate.mockClear();
  vi.mocked(reloadForFailedCode).mockClear();
});

describe('isChunkLoadError / isOfflineFailure', () => {
  it('behavior: the browsers\' failed-import messages are chunk errors; other errors are not', () => {
    for (const message of [
      CHUNK_ERROR.message,
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) expect(isChunkLoadError(new Error(message)), message).toBe(true);
    for (const value of [new Error('Artist not found'), null, undefined, 'Failed to fetch dynamically imported module', { message: 42 }]) {
      expect(isChunkLoadError(value)).toBe(false);
    }
  });

  it('behavior: a NetworkError from the data layer is an offline failure too; an HTTP or GraphQL error is not', () => {
    expect(isOfflineFailure(Object.assign(new Error('The network is unavailable.'), { name: 'NetworkError' }))).toBe(true);
    expect(isOfflineFailure(CHUNK_ERROR)).toBe(true);
    expect(isOfflineFailure(Object.assign(new Error('GraphQL request failed with status 500'), { name: 'HttpError' }))).toBe(false);
  });
});

describe('retryableLazy inside a ChunkBoundary', () => {
  it('behavior: a failed import shows the fallback; back online the part is imported again and shown', async () => {
    const load = vi.fn<() => Promise<{ default: (props: { name: string }) => ReactNode }>>()
      .mockRejectedValueOnce(CHUNK_ERROR)
      .mockResolvedValue({ default: ({ name }) => <p>viewer of {name}</p> });
    const Viewer = retryableLazy(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkBoundary fallback={<p>still thumbnail</p>}>
        <Suspense fallback={<p>loading</p>}>
          <Viewer name="Dawn" />
        </Suspense>
      </ChunkBoundary>,
    );
    expect(await screen.findByText('still thumbnail')).toBeInTheDocument();
    expect(screen.queryByText('viewer of Dawn')).not.toBeInTheDocument();
    const failedCalls = load.mock.calls.length;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('viewer of Dawn')).toBeInTheDocument();
    expect(load.mock.calls.length).toBe(failedCalls + 1);
    expect(screen.queryByText('still thumbnail')).not.toBeInTheDocument();
  });

  it('behavior: an error that is not a chunk failure goes on to the page\'s boundary', async () => {
    class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? <p>page error: {this.state.error.message}</p> : this.props.children;
      }
    }
    const Broken = () => {
      throw new Error('render bug');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Outer>
        <ChunkBoundary fallback={<p>fallback</p>}>
          <Broken />
        </ChunkBoundary>
      </Outer>,
    );
    expect(await screen.findByText('page error: render bug')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });
});

describe('RouteErrorView', () => {
  const props = (error: unknown, reset = vi.fn()) => ({ error: error as Error, reset, info: { componentStack: '' } });

  it('behavior: offline, a route whose chunk did not load shows the offline page, never the raw import error; Retry loads the document again (a failed import may never be fetched again in this one)', async () => {
    setOnline(false);
    const reset = vi.fn();
    const view = render(<RouteErrorView {...props(CHUNK_ERROR, reset)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText('This page could not load without a network connection. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch dynamically imported module/)).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    // On screen, it counts as a code failure shown (back online the document loads again); gone, it does not.
    expect(isCodeFailureShown()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadForFailedCode).toHaveBeenCalledTimes(1);
    expect(reset).not.toHaveBeenCalled();
    expect(routerMock.invalidate).not.toHaveBeenCalled();
    view.unmount();
    expect(isCodeFailureShown()).toBe(false);
  });

  it('behavior: online but the data did not arrive (a dropped connection): the same page says it is a connection problem; Retry resets and loads the route again, not the document', async () => {
    const reset = vi.fn();
    render(<RouteErrorView {...props(Object.assign(new Error('The network is unavailable.'), { name: 'NetworkError' }), reset)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Connection problem' })).toBeInTheDocument();
    expect(screen.getByText('This page could not load. Check your connection and try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(routerMock.invalidate).toHaveBeenCalledTimes(1);
    expect(reloadForFailedCode).not.toHaveBeenCalled();
    expect(isCodeFailureShown()).toBe(false);
  });

  it('default: any other failure keeps the general error page with Try again', async () => {
    const reset = vi.fn();
    render(<RouteErrorView {...props(new Error('render bug'), reset)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('render bug')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(routerMock.invalidate).toHaveBeenCalledTimes(1);
  });
});
