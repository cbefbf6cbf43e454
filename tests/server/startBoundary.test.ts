import { describe, expect, it } from 'vitest';
import { staticGraph } from '../importGraph';

// The server's cold start (the phone-performance work: at most 2 s on the 100,000-token database) is mostly module loading: viem alone
// is hundreds of modules (about 0.6 s here). The server formats and checks addresses with domain/checksumAddress.ts;
// viem loads with the first sign-in (signature recovery) and with the chain indexer, after the server listens.
describe('what the server loads before it listens', () => {
  it('behavior: no static import path from server/main.ts reaches viem', () => {
    const { packages } = staticGraph('server/main.ts');
    const viem = [...packages].filter(([specifier]) => /^viem($|\/)/.test(specifier)).map(([specifier, chain]) => `${specifier} via ${chain.join(' → ')}`);
    expect(viem).toEqual([]);
    // The graph is followed through the server's `.js` import names (a graph that stopped at main.ts would pass).
    expect(packages.has('graphql-yoga')).toBe(true);
  });

  it('control: the indexer, loaded on demand, does reach viem', () => {
    expect(staticGraph('server/indexer/index.ts').packages.has('viem')).toBe(true);
  });
});
