// Which built JS chunks the service worker precaches (all code offline after one visit): every chunk the app can load, that is the
// entries and everything reachable from them through static imports and dynamic import() (route chunks, media
// viewers, the wallet stack, WalletConnect, the home sections, ...). After one online visit every route and viewer
// works offline. The page itself never fetches these early: the worker downloads them in the background while it
// installs, so the first load's own script stays the entry and the route's chunks.
import type { Plugin } from 'vite';

export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  /** The module a chunk was built for, e.g. `/src/routes/explore.tsx?tsr-split=component`. */
  facadeModuleId: string | null;
  imports: string[];
  /** Chunks this one loads with import(). */
  dynamicImports: string[];
}

/** File names of every chunk reachable from an entry, through static and dynamic imports. */
export function shellChunkFiles(chunks: ChunkInfo[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shell = new Set<string>();
  const visit = (fileName: string) => {
    if (shell.has(fileName)) return;
    const chunk = byFile.get(fileName);
    if (!chunk) return;
    shell.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const imported of chunk.dynamicImports) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return shell;
}

/**
 * A build plugin that records the reachable chunks, and the workbox manifest transform that keeps only those among
 * the precached JS files (CSS, HTML, icons and the web manifest stay): a stray JS file in the output that the app
 * never loads is not downloaded by every installing worker.
 */
export function shellPrecache(): { plugin: Plugin; manifestTransform: <T extends { url: string }>(entries: T[]) => { manifest: T[]; warnings: string[] } } {
  let shell: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'artbazaar:shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      // Scripts emitted as assets (web workers, e.g. the human check's hashing worker) load by URL, not by import().
      const scriptAssets: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.js')) scriptAssets.push(output.fileName);
          continue;
        }
        chunks.push({ fileName: output.fileName, isEntry: output.isEntry, facadeModuleId: output.facadeModuleId, imports: output.imports, dynamicImports: output.dynamicImports });
      }
      shell = shellChunkFiles(chunks);
      for (const fileName of scriptAssets) shell.add(fileName);
    },
  };
  const manifestTransform = <T extends { url: string }>(entries: T[]) => {
    if (shell === null) return { manifest: entries, warnings: ['app chunks unknown: precaching every matched file'] };
    const known = shell;
    return { manifest: entries.filter((entry) => !entry.url.endsWith('.js') || known.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
  return { plugin, manifestTransform };
}
