import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { CONNECT_WALLET_TO_LIKE_MESSAGE } from '../../machines/likes/constants';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { LikeButton } from '../../src/components/likes/LikeButton';
import { closeWalletModal, isWalletModalOpen } from '../../src/components/wallet/walletModalStore';
import { configAnswering, demoConfig } from './appHarness';
import { fakeWalletSession } from './walletHarness';

// The like toggle's behaviour (its machine, the likes REST service) is not in the first load: cards on the home
// and explore grids draw the button at once and load LikeToggleDriver with import().
const ROOT = path.resolve(__dirname, '../..');
const LAZY = ['machines/likes/likeToggleMachine.ts', 'src/services/likes.ts', 'src/components/likes/LikeToggleDriver.tsx'].map((file) => path.join(ROOT, file));

/** Local files a module reaches through static imports (type-only imports and import() excluded). */
function staticFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;'"]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
      if (match[2] || (match[1] === 'export' && !match[3])) continue;
      const base = path.resolve(path.dirname(file), match[4]!);
      const resolved = [`${base}.ts`, `${base}.tsx`, base].find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
      if (resolved) walk(resolved);
    }
  };
  walk(path.join(ROOT, entry));
  return seen;
}

afterEach(() => {
  act(() => closeWalletModal());
});

describe('like toggle lazy-loading boundary', () => {
  it('behavior: neither src/main.tsx nor a token card reaches the like machine or the likes service statically', () => {
    for (const entry of ['src/main.tsx', 'src/components/tokens/TokenCard.tsx', 'src/views/home/HomeView.tsx']) {
      const files = staticFiles(entry);
      expect(LAZY.filter((file) => files.has(file)), entry).toEqual([]);
    }
    expect(readFileSync(path.join(ROOT, 'src/components/likes/LikeButton.tsx'), 'utf8')).toMatch(/import\('\.\/LikeToggleDriver'\)/);
  });

  it('control: the same walk does see the machine from the driver', () => {
    expect(staticFiles('src/components/likes/LikeToggleDriver.tsx').has(LAZY[0]!)).toBe(true);
  });

  it('a click before the behaviour has loaded is not lost: it is applied once the driver is there', async () => {
    const appActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: fakeWalletSession().machine });
    render(
      <AppActorProvider actor={appActor}>
        <LikeButton tokenId="11" likesCount={3} />
      </AppActorProvider>,
    );
    // Drawn at once from the fetched count, before the driver module is loaded.
    const button = screen.getByRole('button', { name: 'Like (3 likes)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    const notice = () => getAppActor(appActor, 'notifications').getSnapshot().context.current?.text ?? null;
    expect(notice()).toBeNull();
    await waitFor(() => expect(notice()).toBe(CONNECT_WALLET_TO_LIKE_MESSAGE));
    expect(isWalletModalOpen()).toBe(true);
    // The same element throughout (focus and the card layout are kept).
    expect(screen.getByRole('button', { name: 'Like (3 likes)' })).toBe(button);
  });
});
