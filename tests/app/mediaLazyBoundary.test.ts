import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Media viewers must not be in the first-load bundle: only TokenMedia (thumbnail + lazy switch) is static.
const ROOT = path.resolve(__dirname, '../..');
const MEDIA = 'src/components/media';
const LAZY_ONLY = [
  'ImageViewer.tsx', 'GifViewer.tsx', 'FlipcardViewer.tsx', 'GenerativeViewer.tsx', 'VideoViewer.tsx', 'SoundViewer.tsx', 'FullscreenViewer.tsx',
  'liveRenderSlots.ts', 'mediaSpec.ts', 'useCardHover.ts', 'useSettledSize.ts', 'largestPaint.ts',
].map((file) => path.join(ROOT, MEDIA, file));

/** Files reached from `entry` by static imports (type-only imports and dynamic import() excluded). */
function staticFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;'"]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
      if (match[2] || (match[1] === 'export' && !match[3])) continue;
      const base = path.resolve(path.dirname(file), match[4]!);
      const resolved = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
      if (resolved) walk(resolved);
    }
  };
  walk(path.join(ROOT, entry));
  return seen;
}

describe('media viewers lazy-loading boundary', () => {
  it('TokenMedia reaches no viewer module statically; viewers.ts imports each one with import()', () => {
    const files = staticFiles(`${MEDIA}/TokenMedia.tsx`);
    expect(files).toContain(path.join(ROOT, MEDIA, 'viewers.ts'));
    expect(LAZY_ONLY.filter((file) => files.has(file)).map((file) => path.relative(ROOT, file))).toEqual([]);
    const viewers = readFileSync(path.join(ROOT, MEDIA, 'viewers.ts'), 'utf8');
    for (const name of ['ImageViewer', 'GifViewer', 'FlipcardViewer', 'GenerativeViewer', 'VideoViewer', 'SoundViewer', 'FullscreenViewer']) {
      expect(viewers).toContain(`retryableLazy(() => import('./${name}'))`);
    }
  });

  it('nothing of the viewers is statically reachable from src/main.tsx', () => {
    const files = staticFiles('src/main.tsx');
    expect(files.size).toBeGreaterThan(5);
    expect(LAZY_ONLY.filter((file) => files.has(file)).map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('the live-render slot allocator is a system actor (a small machine run by the root), not viewer code', () => {
    const files = staticFiles('src/main.tsx');
    expect(files).toContain(path.join(ROOT, 'machines/media/liveRenderSlotsMachine.ts'));
    expect(readFileSync(path.join(ROOT, 'machines/media/liveRenderSlotsMachine.ts'), 'utf8')).not.toMatch(/from '\.\.\/\.\.\/src\//);
  });
});
