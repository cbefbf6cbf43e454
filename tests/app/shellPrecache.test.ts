import { describe, expect, it } from 'vitest';
import { shellChunkFiles, type ChunkInfo } from '../../src/app/shellPrecache';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName, imports, isEntry: false, facadeModuleId: null, ...extra,
});

describe('shellChunkFiles', () => {
  it('default: the entry, route chunks and their static imports; never chunks reached only dynamically', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: '/app/index.html' }),
      chunk('assets/react.js'),
      chunk('assets/explore.js', ['assets/marketplace.js'], { facadeModuleId: '/app/src/routes/explore.tsx?tsr-split=component' }),
      chunk('assets/marketplace.js'),
      chunk('assets/walletStack.js', ['assets/secp256k1.js']),
      chunk('assets/secp256k1.js'),
      chunk('assets/w3m-modal.js'),
    ];
    expect([...shellChunkFiles(chunks)].sort()).toEqual(['assets/explore.js', 'assets/index.js', 'assets/marketplace.js', 'assets/react.js']);
  });

  it('behavior: the lazily loaded GraphQL client chunk and its imports are in the shell (offline reads need it)', () => {
    const chunks = [
      chunk('assets/index.js', [], { isEntry: true }),
      chunk('assets/graphqlClient.js', ['assets/urql.js'], { facadeModuleId: '/app/src/services/graphqlClient.ts' }),
      chunk('assets/urql.js'),
      chunk('assets/walletStack.js'),
    ];
    expect([...shellChunkFiles(chunks)].sort()).toEqual(['assets/graphqlClient.js', 'assets/index.js', 'assets/urql.js']);
  });

  it('behavior: a vendor chunk shared by the shell and a lazy chunk is in the shell', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/shared.js'], { isEntry: true }),
      chunk('assets/walletStack.js', ['assets/shared.js']),
      chunk('assets/shared.js'),
    ];
    expect(shellChunkFiles(chunks).has('assets/shared.js')).toBe(true);
    expect(shellChunkFiles(chunks).has('assets/walletStack.js')).toBe(false);
  });
});
