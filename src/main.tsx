import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { getAppActor } from '../machines/app/appMachine';
import { AppActorProvider } from './app/appActorContext';
import { createUnstartedAppActor, startAppActor } from './app/createAppActor';
import { createAppRouter } from './app/router';
import { afterPageLoad } from './services/firstLoad';
import { notifyWhenOfflineReady } from './services/pwaUpdate';
import { bindDocumentTheme } from './services/settings';
import { yieldToMain } from './services/yieldToMain';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/wallet.css';

/** The service worker registers after the page fetched nothing new for this long, this long after load at most. */
const SW_QUIET_MS = 1000;
const SW_QUIET_MAX_MS = 5000;

// The start runs as tasks of its own after the modules evaluated, not as one (at 4x CPU, traced: about 75 ms to make
// the app's actors, 95 to start them, 50 for the router, 65 for the first render), so input and paint get in between.
await yieldToMain();
const appActor = createUnstartedAppActor();
await yieldToMain();
startAppActor(appActor);
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

await yieldToMain();
const router = createAppRouter(appActor);
await yieldToMain();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>
  </StrictMode>,
);
