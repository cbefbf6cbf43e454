import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { getAppActor } from '../machines/app/appMachine';
import { AppActorProvider } from './app/appActorContext';
import { createAppActor } from './app/createAppActor';
import { createAppRouter } from './app/router';
import { notifyWhenOfflineReady } from './services/pwaUpdate';
import { bindDocumentTheme } from './services/settings';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/wallet.css';

const appActor = createAppActor();
bindDocumentTheme(getAppActor(appActor, 'settings'));
if (import.meta.env.PROD) {
  notifyWhenOfflineReady(getAppActor(appActor, 'pwaUpdate'), getAppActor(appActor, 'notifications'));
  // Registered after the first paint, from its own chunk: workbox-window is not needed to render.
  const pwaUpdate = getAppActor(appActor, 'pwaUpdate');
  window.addEventListener('load', () => {
    void import('./services/swRegistration').then(({ registerServiceWorker }) => registerServiceWorker(pwaUpdate));
  });
}

const router = createAppRouter(appActor);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>
  </StrictMode>,
);
