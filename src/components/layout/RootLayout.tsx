import { useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { ErrorView } from '../../views/status/ErrorView';
import { GeofenceView } from '../../views/status/GeofenceView';
import { NotificationBar } from '../feedback/NotificationBar';
import { PwaUpdatePrompt } from '../feedback/PwaUpdatePrompt';
import { useOverlayInset } from '../feedback/useOverlayInset';
import { ConnectivityStatus } from '../offline/ConnectivityStatus';
import { Footer } from './Footer';
import { Header } from './Header';

/** The main layout: header, page, footer, plus the floating offline status, notification bar and update prompt. */
export function RootLayout({ children }: { children: ReactNode }) {
  const overlay = useRef<HTMLDivElement>(null);
  useOverlayInset(overlay);
  // Whether live events arrive (the socket is connected): a signal for tests and tools, nothing is styled by it.
  const live = useSelector(useSystemActor('liveEvents'), (snapshot) => (snapshot.hasTag('connected') ? 'connected' : 'off'));
  return (
    <div className="app" data-live={live}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <ConfigGate>{children}</ConfigGate>
      </main>
      <Footer />
      <div className="overlay-stack" ref={overlay}>
        {/* Floats over the page bottom with the notices: showing or hiding it never moves the page (no layout shift). */}
        <ConnectivityStatus />
        <NotificationBar />
        <PwaUpdatePrompt />
      </div>
    </div>
  );
}

/** See docs/requirements.md#shell-routes: a region error shows the geofence page, any other config failure the error page. */
function ConfigGate({ children }: { children: ReactNode }) {
  const config = useSystemActor('config');
  const failure = useSelector(config, (snapshot) =>
    snapshot.matches({ failed: 'region' }) ? 'region' : snapshot.matches({ failed: 'general' }) ? 'general' : null,
  );
  const message = useSelector(config, (snapshot) => snapshot.context.error?.message);
  if (failure === 'region') return <GeofenceView message={message} />;
  if (failure === 'general') return <ErrorView message={message} onRetry={() => config.send({ type: 'config.retry' })} />;
  return <>{children}</>;
}
