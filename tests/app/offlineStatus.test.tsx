import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getAppActor } from '../../machines/app/appMachine';
import { selectOffline, selectStoredSince } from '../../machines/offline/connectivityMachine';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { connectivityStatusText } from '../../src/components/offline/ConnectivityStatus';
import { savedAgeRefreshMs, savedAgeText } from '../../src/components/offline/savedAge';
import type { TradeToken } from '../../src/components/trading/TokenTradePanel';
import { SalePanel } from './salePanelHarness';
import { reportAnswer, reportReadFailure } from '../../src/services/offline/answerSource';
import { bindConnectivityToConfig, bindConnectivityToLikes, bindConnectivityToLive, createWatchConnectivity, provideConnectivity } from '../../src/services/offline/connectivity';
import { configAnswering, demoConfig, renderApp } from './appHarness';

const MINUTE = 60_000;
const SELLER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const sale = { saleId: '4', allOutSaleId: null, seller: SELLER, amount: '1', price: { amount: '15000000000000000', currency: 'ETH' }, wasCancelled: false };
const listedToken: TradeToken = {
  _id: '11',
  tokenId: '3',
  chainId: 31337,
  isSold: false,
  collection: { address: '0xc0', chainId: 31337 },
  tokenHolding: { owner: { address: SELLER }, salePrice: sale.price, bazaarSales: [sale] },
};

/** The browser going offline or online: navigator.onLine follows, then the window event fires. */
function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const shellStatus = () => document.querySelector('.connectivity-status')!;
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('savedAgeText', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  it('default: whole minutes under an hour', () => {
    expect(savedAgeText(now - 12 * MINUTE, now)).toBe('saved 12 min ago');
    expect(savedAgeText(now - MINUTE, now)).toBe('saved 1 min ago');
    expect(savedAgeText(now - 59 * MINUTE - 59_000, now)).toBe('saved 59 min ago');
  });
  it('parameters: under a minute, or a stored time ahead of the clock, is just now', () => {
    expect(savedAgeText(now - 59_999, now)).toBe('saved just now');
    expect(savedAgeText(now + 5 * MINUTE, now)).toBe('saved just now');
  });
  it('parameters: hours under a day, then days', () => {
    expect(savedAgeText(now - 60 * MINUTE, now)).toBe('saved 1 hour ago');
    expect(savedAgeText(now - 23 * 60 * MINUTE - 59 * MINUTE, now)).toBe('saved 23 hours ago');
    expect(savedAgeText(now - 24 * 60 * MINUTE, now)).toBe('saved 1 day ago');
    expect(savedAgeText(now - 3 * 24 * 60 * MINUTE, now)).toBe('saved 3 days ago');
  });
  it('behavior: the next change of the text is at the next whole unit', () => {
    expect(savedAgeRefreshMs(now - 12 * MINUTE - 20_000, now)).toBe(40_000);
    expect(savedAgeRefreshMs(now - 90 * MINUTE, now)).toBe(30 * MINUTE);
  });
  it('behavior: the status text names offline and the age of the stored data', () => {
    expect(connectivityStatusText(false, null, now)).toBeNull();
    expect(connectivityStatusText(true, null, now)).toBe('You are offline');
    expect(connectivityStatusText(false, now - 12 * MINUTE, now)).toBe('Showing saved data — saved 12 min ago');
    expect(connectivityStatusText(true, now - 2 * 60 * MINUTE, now)).toBe('You are offline — showing saved data, saved 2 hours ago');
  });
});

describe('offline status in the shell', () => {
  it('behavior: the browser going offline shows the status and disables Connect wallet with its reason; back online both are gone', async () => {
    await renderApp('/under-construction');
    const status = shellStatus();
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(/^$/);
    const connect = screen.getAllByRole('button', { name: 'Connect wallet' })[0]!;
    expect(connect).toBeEnabled();

    setBrowserOnline(false);
    expect(status).toHaveTextContent('You are offline');
    expect(connect).toBeDisabled();
    expect(descriptionOf(connect)).toBe('Needs a connection');

    setBrowserOnline(true);
    expect(status).toHaveTextContent(/^$/);
    expect(connect).toBeEnabled();
    expect(connect).not.toHaveAttribute('aria-describedby');
  });

  it('behavior: a stored answer shows its age, which moves on with the clock; a network answer for it clears it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { appActor } = await renderApp('/under-construction');
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"41"}', storedAt: Date.now() - 12 * MINUTE - 30_000 }));
    expect(shellStatus()).toHaveTextContent('Showing saved data — saved 12 min ago');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(shellStatus()).toHaveTextContent('Showing saved data — saved 13 min ago');
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"41"}', storedAt: null }));
    expect(shellStatus()).toHaveTextContent(/^$/);
    expect(selectStoredSince(getAppActor(appActor, 'connectivity').getSnapshot())).toBeNull();
  });

  it('behavior: a navigation to another page forgets the stored answers of the page left', async () => {
    const { appActor, router } = await renderApp('/under-construction');
    act(() => reportAnswer({ key: 'getArticle:{"id":"1"}', storedAt: Date.now() - 5 * MINUTE }));
    expect(shellStatus()).toHaveTextContent('saved 5 min ago');
    await act(() => router.navigate({ to: '/faq' }));
    expect(selectStoredSince(getAppActor(appActor, 'connectivity').getSnapshot())).toBeNull();
    expect(shellStatus()).toHaveTextContent(/^$/);
  });
});

describe('trade actions and stored answers', () => {
  async function renderPanel() {
    const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig) });
    render(
      <AppActorProvider actor={appActor}>
        <SalePanel token={listedToken} />
      </AppActorProvider>,
    );
    // The wallet session restores first (nothing stored here): until then Buy waits for it, not for the network.
    await act(async () => {});
    return appActor;
  }

  it('behavior: Buy and Make offer are disabled with a reason while a stored answer is on screen, even online', async () => {
    await renderPanel();
    const buy = screen.getByRole('button', { name: 'Buy for 0.015 ETH' });
    const offer = screen.getByRole('button', { name: 'Make offer' });
    expect(buy).toBeEnabled();
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"11"}', storedAt: Date.now() - 3 * MINUTE }));
    expect(navigator.onLine).toBe(true);
    expect(buy).toBeDisabled();
    expect(offer).toBeDisabled();
    expect(descriptionOf(buy)).toBe('Needs current data: this page shows saved data');
    expect(screen.getByText('Needs current data: this page shows saved data')).toBeVisible();
    // The server answers the same read again: trading is back.
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"11"}', storedAt: null }));
    expect(buy).toBeEnabled();
    expect(offer).toBeEnabled();
    expect(screen.queryByText('Needs current data: this page shows saved data')).toBeNull();
  });

  it('behavior: offline, Buy says it needs a connection; a read that got no answer also counts as offline', async () => {
    const appActor = await renderPanel();
    const buy = screen.getByRole('button', { name: 'Buy for 0.015 ETH' });
    act(() => reportReadFailure());
    expect(selectOffline(getAppActor(appActor, 'connectivity').getSnapshot())).toBe(true);
    expect(buy).toBeDisabled();
    expect(descriptionOf(buy)).toBe('Needs a connection');
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"11"}', storedAt: null }));
    expect(buy).toBeEnabled();
  });
});

describe('connectivity service', () => {
  it("behavior: the worker's offline.network messages drive the status; a late 'reachable' while the browser is offline is ignored", () => {
    const worker = new EventTarget();
    let online = true;
    const actor = createActor(provideConnectivity({ target: new EventTarget(), worker, isOnline: () => online })).start();
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'offline.network', reachable: false } }));
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'offline.quota' } }));
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    online = false;
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'offline.network', reachable: true } }));
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    online = true;
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'offline.network', reachable: true } }));
    expect(selectOffline(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('behavior: a read with no answer while the browser says online probes the server, backing off, and keeps probing until it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answers = false;
    const probes: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      probes.push(input);
      if (!answers) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    });
    const actor = createActor(provideConnectivity({ target: new EventTarget(), worker: null, isOnline: () => true })).start();
    reportReadFailure();
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    // 1, 2, 4, 8, then 15 s and 15 s again: six probes in 45 s, none before its pause is over.
    await vi.advanceTimersByTimeAsync(999);
    expect(probes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 2_000 + 4_000 + 8_000 + 15_000 + 15_000);
    expect(probes).toEqual(Array(6).fill('/api/v1/config'));
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    // The server answers the next probe: back online, and probing stops.
    answers = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(probes).toHaveLength(7);
    expect(selectOffline(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(7);
    actor.stop();
    vi.unstubAllGlobals();
  });

  it('default: a browser that starts offline starts the status offline; stopping removes the listeners', () => {
    const target = new EventTarget();
    const remove = vi.spyOn(target, 'removeEventListener');
    const logic = createWatchConnectivity({ target, worker: null, isOnline: () => false });
    const actor = createActor(provideConnectivity({ target, worker: null, isOnline: () => false }).provide({ actors: { watchConnectivity: logic } })).start();
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    actor.stop();
    expect(remove.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  });

  it('behavior: back online, the live socket is asked to reconnect (so what is on screen refetches); not before', () => {
    const target = new EventTarget();
    let online = true;
    const connectivity = createActor(provideConnectivity({ target, worker: null, isOnline: () => online })).start();
    const live = { send: vi.fn() };
    bindConnectivityToLive(connectivity, live as never);
    online = false;
    target.dispatchEvent(new Event('offline'));
    expect(live.send).not.toHaveBeenCalled();
    online = true;
    target.dispatchEvent(new Event('online'));
    expect(live.send.mock.calls).toEqual([[{ type: 'live.reconnect' }]]);
    connectivity.stop();
  });

  it('behavior: back online, the config is read again (an offline start showed its stored copy); not before', () => {
    const target = new EventTarget();
    let online = true;
    const connectivity = createActor(provideConnectivity({ target, worker: null, isOnline: () => online })).start();
    const config = { send: vi.fn() };
    const stop = bindConnectivityToConfig(connectivity, config);
    online = false;
    target.dispatchEvent(new Event('offline'));
    expect(config.send).not.toHaveBeenCalled();
    online = true;
    target.dispatchEvent(new Event('online'));
    expect(config.send.mock.calls).toEqual([[{ type: 'config.refresh' }]]);
    stop();
    online = false;
    target.dispatchEvent(new Event('offline'));
    online = true;
    target.dispatchEvent(new Event('online'));
    expect(config.send).toHaveBeenCalledTimes(1);
    connectivity.stop();
  });

  it('behavior: online, a config still shown from the stored copy is read again at each recheck, backing off; a current one is not', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const target = new EventTarget();
      const connectivity = createActor(provideConnectivity({ target, worker: null, isOnline: () => true })).start();
      const config = { send: vi.fn() };
      const stop = bindConnectivityToConfig(connectivity, config);
      // The restore's read of the config was answered by the worker's copy (the server was slow), beside a token.
      reportAnswer({ key: '/api/v1/config', storedAt: Date.now() - 1_000 });
      reportAnswer({ key: 'getToken:{"id":"1"}', storedAt: Date.now() - 1_000 });
      vi.advanceTimersByTime(1_999);
      expect(config.send).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(config.send.mock.calls).toEqual([[{ type: 'config.refresh' }]]);
      vi.advanceTimersByTime(4_000);
      expect(config.send).toHaveBeenCalledTimes(2);
      // The server answered the config: the next rechecks (for the token still stored) leave it alone.
      reportAnswer({ key: '/api/v1/config', storedAt: null });
      vi.advanceTimersByTime(8_000 + 16_000 + 30_000);
      expect(config.send).toHaveBeenCalledTimes(2);
      expect(connectivity.getSnapshot().context.rechecks).toBe(5);
      stop();
      connectivity.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('behavior: the account likes shown from the stored copy are read again at the restore and at each recheck; current ones are not', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const target = new EventTarget();
      let online = true;
      const connectivity = createActor(provideConnectivity({ target, worker: null, isOnline: () => online })).start();
      const likes = { send: vi.fn() };
      const stop = bindConnectivityToLikes(connectivity, likes);
      // A restore with nothing stored: the likes are current, nothing is read.
      online = false;
      target.dispatchEvent(new Event('offline'));
      online = true;
      target.dispatchEvent(new Event('online'));
      expect(likes.send).not.toHaveBeenCalled();
      // An offline start showed the stored likes: the restore reads them again.
      online = false;
      target.dispatchEvent(new Event('offline'));
      reportAnswer({ key: '/api/v1/likes/account', storedAt: Date.now() - 60_000 });
      online = true;
      target.dispatchEvent(new Event('online'));
      expect(likes.send.mock.calls).toEqual([[{ type: 'likes.refresh' }]]);
      // That read came from the stored copy again (a slow server): the first recheck reads them once more.
      reportAnswer({ key: '/api/v1/likes/account', storedAt: Date.now() - 60_000 });
      vi.advanceTimersByTime(2_000);
      expect(likes.send).toHaveBeenCalledTimes(2);
      reportAnswer({ key: '/api/v1/likes/account', storedAt: null });
      vi.advanceTimersByTime(60_000);
      expect(likes.send).toHaveBeenCalledTimes(2);
      stop();
      connectivity.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
