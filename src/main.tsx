import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { getAppActor } from '../machines/app/appMachine';
import { AppActorProvider } from './app/appActorContext';
import { createAppActor } from './app/createAppActor';
import { createAppRouter } from './app/router';
import { afterPageLoad } from './services/firstLoad';
import { notifyWhenOfflineReady } from './services/pwaUpdate';
import { bindDocumentTheme } from './services/settings';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/wallet.css';

/** The service worker registers after the page fetched nothing new for this long, this long after load at most. */
const SW_QUIET_MS = 1000;
const SW_QUIET_MAX_MS = 5000;

const appActor = createAppActor();
bindDocumentTheme(getAppActor(appActor, 'settings'));
if (import.meta.env.PROD) {
  notifyWhenOfflineReady(getAppActor(appActor, 'pwaUpdate'), getAppActor(appActor, 'notifications'));
  // Registered once the first load is over (its network quiet for 1 s, 5 s at most), from its own chunk: workbox-window
  // is not needed to render, and the worker's precache (about 1.9 MB) must not compete with the page's images and
  // reads on a slow link.
  const pwaUpdate = getAppActor(appActor, 'pwaUpdate');
  void afterPageLoad(SW_QUIET_MS, SW_QUIET_MAX_MS)
    .then(() => import('./services/swRegistration'))
    .then(({ registerServiceWorker }) => registerServiceWorker(pwaUpdate));
}

const router = createAppRouter(appActor);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>
  </StrictMode>,
);
