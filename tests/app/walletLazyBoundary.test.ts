import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticGraph, staticImports } from '../importGraph';

// The wallet stack must not be in the first-load bundle: no static import path from src/main.tsx may reach it.
const WALLET_STACK = /^(@wagmi\/|viem($|\/)|@walletconnect\/|@reown\/|qrcode$)/;

describe('wallet stack lazy-loading boundary', () => {
  it('behavior: nothing of @wagmi/core, viem, WalletConnect or qrcode is statically reachable from src/main.tsx', () => {
    const { packages, files } = staticGraph('src/main.tsx');
    const leaks = [...files].flatMap((file) =>
      staticImports(readFileSync(file, 'utf8'))
        .filter((specifier) => WALLET_STACK.test(specifier))
        .map((specifier) => `${specifier} via ${path.relative(ROOT, file)} (first reached: ${(packages.get(specifier) ?? []).join(' → ')})`),
    );
    expect(leaks).toEqual([]);
    expect(packages.has('viem')).toBe(false);
    // The session services are in the first load (they run at boot); the heavy modules are not.
    expect(files).toContain(path.join(ROOT, 'src/services/wallet/session.ts'));
    for (const heavy of ['walletStack.ts', 'wagmiClient.ts', 'signLogin.ts', 'walletConnect.ts']) {
      expect(files).not.toContain(path.join(ROOT, 'src/services/wallet', heavy));
    }
    expect(files).not.toContain(path.join(ROOT, 'src/components/wallet/WalletModal.tsx'));
  });

  it('behavior: the address display helpers (src/app/format.ts), which token cards use on a first visit, need no viem', () => {
    // EIP-55 checksums come from domain/checksumAddress.ts and domain/keccak.ts (checked against viem in tests/app/addressFormat.test.ts).
    const { packages, files } = staticGraph('src/app/format.ts');
    expect([...packages.keys()].filter((specifier) => WALLET_STACK.test(specifier) || specifier.startsWith('@noble/'))).toEqual([]);
    expect(files).toContain(path.join(ROOT, 'domain/keccak.ts'));
  });

  it('control: the same check does see the stack behind the dynamic import', () => {
    const { packages } = staticGraph('src/services/wallet/walletStack.ts');
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['@wagmi/core', 'viem', 'viem/siwe']));
    expect(staticGraph('src/services/wallet/walletConnect.ts').packages.has('@walletconnect/ethereum-provider')).toBe(true);
  });

  it('behavior: session.ts and walletReconnect.ts reach the stack only through import()', () => {
    expect(readFileSync(path.join(ROOT, 'src/services/wallet/walletReconnect.ts'), 'utf8')).toMatch(/import\('\.\/walletStack'\)/);
    for (const file of ['session.ts', 'walletReconnect.ts']) {
      const source = readFileSync(path.join(ROOT, 'src/services/wallet', file), 'utf8');
      expect(staticImports(source).some((specifier) => specifier.includes('walletStack') || specifier.includes('wagmiClient'))).toBe(false);
    }
  });
});
