import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getAppActor } from '../../machines/app/appMachine';
import type { LikeToggleMachine } from '../../machines/likes/likeToggleMachine';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { FlowOverridesProvider } from '../../src/app/flows';
import { LikeButton } from '../../src/components/likes/LikeButton';
import { likeButtonFlow } from '../../src/services/flows/likes';
import { likeToggleFlow } from '../../src/services/flows/likeToggle';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';
import { ROOT, staticGraph } from '../importGraph';

// The like toggle's behaviour (its machine, the likes REST service) is not in the first load: cards on the home
// and explore grids draw the button at once, and its flow loads src/services/flows/likeToggle.ts with import().
const LAZY = ['machines/likes/likeToggleMachine.ts', 'src/services/likes.ts', 'src/services/flows/likeToggle.ts'].map((file) => path.join(ROOT, file));

const staticFiles = (entry: string) => staticGraph(entry).files;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A loadToggle whose import the test releases by hand. */
function heldImport() {
  let release: (logic: LikeToggleMachine) => void = () => {};
  const loads: number[] = [];
  const held = new Promise<LikeToggleMachine>((resolve) => (release = resolve));
  const flow = likeButtonFlow.provide({
    actors: {
      loadToggle: fromPromise<LikeToggleMachine>(() => {
        loads.push(Date.now());
        return held;
      }),
    },
  });
  return { flow, loads, release: () => act(async () => release(likeToggleFlow)) };
}

function renderButton(options: { signedIn?: boolean; flow?: typeof likeButtonFlow } = {}) {
  const session = options.signedIn
    ? fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) })
    : fakeWalletSession();
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: session.machine });
  const button = <LikeButton tokenId="11" likesCount={3} />;
  render(
    <AppActorProvider actor={appActor}>
      {options.flow ? <FlowOverridesProvider overrides={{ likeButton: options.flow }}>{button}</FlowOverridesProvider> : button}
    </AppActorProvider>,
  );
  const notice = () => getAppActor(appActor, 'notifications').getSnapshot().context.current?.text ?? null;
  const walletModalOpen = () => getAppActor(appActor, 'walletModal').getSnapshot().hasTag('open');
  return { appActor, notice, walletModalOpen };
}

describe('like toggle lazy-loading boundary', () => {
  it('behavior: neither src/main.tsx nor a token card reaches the like machine or the likes service statically', () => {
    for (const entry of ['src/main.tsx', 'src/components/tokens/TokenCard.tsx', 'src/views/home/HomeView.tsx']) {
      const files = staticFiles(entry);
      expect(LAZY.filter((file) => files.has(file)), entry).toEqual([]);
    }
    expect(readFileSync(path.join(ROOT, 'src/services/flows/likes.ts'), 'utf8')).toMatch(/import\('\.\/likeToggle'\)/);
  });

  it('control: the same walk does see the machine and the service from the lazily loaded flow', () => {
    const files = staticFiles('src/services/flows/likeToggle.ts');
    expect(files.has(LAZY[0]!)).toBe(true);
    expect(files.has(LAZY[1]!)).toBe(true);
  });

  it('a click before the behaviour has loaded is not lost: it is applied once the behaviour is there', async () => {
    const { notice, walletModalOpen } = renderButton();
    // Drawn at once from the fetched count, before the behaviour is loaded.
    const button = screen.getByRole('button', { name: 'Like (3 likes)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    await waitFor(() => expect(notice()).toBe('Please connect your wallet to like this token'));
    expect(walletModalOpen()).toBe(true);
    // The same element throughout (focus and the card layout are kept).
    expect(screen.getByRole('button', { name: 'Like (3 likes)' })).toBe(button);
  });

  it('behavior: a visitor clicking while the import is held gets the prompt only once it has loaded', async () => {
    const held = heldImport();
    const { notice, walletModalOpen } = renderButton({ flow: held.flow });
    const button = screen.getByRole('button', { name: 'Like (3 likes)' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(held.loads).toHaveLength(1);
    expect(notice()).toBeNull();
    expect(walletModalOpen()).toBe(false);
    await held.release();
    await waitFor(() => expect(notice()).toBe('Please connect your wallet to like this token'));
    expect(walletModalOpen()).toBe(true);
    expect(button).toHaveAccessibleName('Like (3 likes)');
  });

  it('behavior: a signed-in click while the import is held likes once, after it has loaded', async () => {
    const requests: Array<{ url: string; method: string }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = { url: String(input), method: init.method ?? 'GET' };
      requests.push(request);
      const body = request.url === '/api/v1/likes/account' ? { likes: [] } : { _id: '901', token_id: '11', account_id: '2', likesCount: 4 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const held = heldImport();
    const { appActor } = renderButton({ signedIn: true, flow: held.flow });
    await waitFor(() => expect(getAppActor(appActor, 'walletSession').getSnapshot().hasTag('registered')).toBe(true));
    const button = screen.getByRole('button', { name: 'Like (3 likes)' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await held.release();
    expect(await screen.findByRole('button', { name: 'Unlike (4 likes)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([{ url: '/api/v1/likes/', method: 'POST' }]);
  });
});
