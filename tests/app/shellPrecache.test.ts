import { describe, expect, it } from 'vitest';
import { shellChunkFiles, shellPrecache, type ChunkInfo } from '../../src/app/shellPrecache';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName, imports, dynamicImports: [], isEntry: false, facadeModuleId: null, ...extra,
});

describe('shellChunkFiles', () => {
  it('default: every chunk reachable from the entry, by static imports and by import(): routes, viewers, the wallet stack', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: '/app/index.html', dynamicImports: ['assets/explore.js', 'assets/walletStack.js'] }),
      chunk('assets/react.js'),
      chunk('assets/explore.js', ['assets/marketplace.js'], { facadeModuleId: '/app/src/routes/explore.tsx?tsr-split=component', dynamicImports: ['assets/ImageViewer.js'] }),
      chunk('assets/marketplace.js'),
      chunk('assets/ImageViewer.js'),
      chunk('assets/walletStack.js', ['assets/secp256k1.js'], { dynamicImports: ['assets/walletConnect.js'] }),
      chunk('assets/secp256k1.js'),
      chunk('assets/walletConnect.js'),
    ];
    expect([...shellChunkFiles(chunks)].sort()).toEqual([
      'assets/ImageViewer.js', 'assets/explore.js', 'assets/index.js', 'assets/marketplace.js', 'assets/react.js', 'assets/secp256k1.js', 'assets/walletConnect.js', 'assets/walletStack.js',
    ]);
  });

  it('behavior: a chunk no entry reaches (statically or dynamically) is left out', () => {
    const chunks = [chunk('assets/index.js', [], { isEntry: true, dynamicImports: ['assets/graphqlClient.js'] }), chunk('assets/graphqlClient.js', ['assets/urql.js']), chunk('assets/urql.js'), chunk('assets/orphan.js')];
    expect([...shellChunkFiles(chunks)].sort()).toEqual(['assets/graphqlClient.js', 'assets/index.js', 'assets/urql.js']);
  });

  it('behavior: import cycles and names of chunks not in the build are walked once without failing', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/a.js'], { isEntry: true }),
      chunk('assets/a.js', ['assets/b.js']),
      chunk('assets/b.js', ['assets/a.js'], { dynamicImports: ['assets/missing.js', 'assets/index.js'] }),
    ];
    expect([...shellChunkFiles(chunks)].sort()).toEqual(['assets/a.js', 'assets/b.js', 'assets/index.js']);
  });
});

describe('shellPrecache manifestTransform', () => {
  it('behavior: keeps the reachable JS chunks, scripts emitted as assets (workers) and every non-JS file; drops JS the app never loads', () => {
    const { plugin, manifestTransform } = shellPrecache();
    const bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/index.html', imports: [], dynamicImports: ['assets/VideoViewer.js'] },
      'assets/VideoViewer.js': { type: 'chunk', fileName: 'assets/VideoViewer.js', isEntry: false, facadeModuleId: null, imports: [], dynamicImports: [] },
      'assets/stray.js': { type: 'chunk', fileName: 'assets/stray.js', isEntry: false, facadeModuleId: null, imports: [], dynamicImports: [] },
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
      'assets/pbkdf2-worker.js': { type: 'asset', fileName: 'assets/pbkdf2-worker.js' },
    };
    (plugin.generateBundle as unknown as (options: unknown, bundle: unknown) => void).call({}, {}, bundle);
    const entries = ['index.html', 'assets/index.js', 'assets/VideoViewer.js', 'assets/stray.js', 'assets/index.css', 'assets/pbkdf2-worker.js', 'favicon.svg'].map((url) => ({ url }));
    expect(manifestTransform(entries)).toEqual({
      manifest: ['index.html', 'assets/index.js', 'assets/VideoViewer.js', 'assets/index.css', 'assets/pbkdf2-worker.js', 'favicon.svg'].map((url) => ({ url })),
      warnings: [],
    });
  });

  it('default: before the bundle is known every matched file is kept, with a warning', () => {
    const { manifestTransform } = shellPrecache();
    expect(manifestTransform([{ url: 'assets/a.js' }])).toEqual({ manifest: [{ url: 'assets/a.js' }], warnings: ['app chunks unknown: precaching every matched file'] });
  });
});
