import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { configMachine, type AppConfig } from '../../machines/config/configMachine';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { FlowOverridesProvider, type FlowOverrides } from '../../src/app/flows';
import { createAppRouter } from '../../src/app/router';
import type { AppServiceOverrides } from '../../src/services/appServices';

export const demoConfig: AppConfig = {
  evms: [
    {
      chainId: 31337,
      name: 'Hardhat',
      providerURL: 'http://127.0.0.1:8545',
      symbol: 'ETH',
      contracts: { marketplace: '0x5FbDB2315678afecb367f032d93F642f64180aa3', collectionFactory: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
    },
  ],
  ipfs: { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumb/' },
  maxFileSize: 10485760,
  maxVideoSize: 52428800,
  suggestedRoyalty: 500,
  isLocalDemoChain: true,
  artistApplicationUrl: 'https://artbazaar.example/apply',
  contentOrigin: 'http://127.0.0.1:9787',
  humanCheck: { provider: 'altcha' },
};

/** The config child answering from a fixture instead of the network (unit tests only). */
export function configAnswering(answer: () => Promise<AppConfig>) {
  return configMachine.provide({ actors: { fetchConfig: fromPromise(answer) } });
}

/**
 * Renders the real route tree at `path` around a root actor with real services (config from a fixture); `flows`
 * replaces page flows by machine id (e.g. `{ tokenPage: tokenPageFlow.provide(...) }`).
 */
export async function renderApp(path: string, overrides: AppServiceOverrides = {}, flows: FlowOverrides = {}) {
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig), ...overrides });
  const router = createAppRouter(appActor, { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const view = render(
    <AppActorProvider actor={appActor}>
      <FlowOverridesProvider overrides={flows}>
        <RouterProvider router={router} />
      </FlowOverridesProvider>
    </AppActorProvider>,
  );
  return { ...view, appActor, router };
}

/** An IntersectionObserver that reports every observed element in view at once (parts that load when near the screen). */
export class IntersectingAtOnce {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
