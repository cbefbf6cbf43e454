// Which built JS chunks form the app shell the service worker precaches: the entry, the route chunks, and
// what they import statically. Chunks reached only through a dynamic import() (the wallet stack,
// WalletConnect, media viewers) are left to load on demand, whatever their (hashed, vendor) file names are.
import type { Plugin } from 'vite';

export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  /** The module a chunk was built for, e.g. `/src/routes/explore.tsx?tsr-split=component`. */
  facadeModuleId: string | null;
  imports: string[];
}

const ROUTE_CHUNK = /\/src\/routes\/.+\?tsr-split/;
// Loaded after the first render but needed offline: the GraphQL client (src/services/graphqlClient.ts).
const LAZY_SHELL_CHUNK = /\/src\/services\/graphqlClient\.ts$/;

/** File names of the shell chunks: entries and route chunks, closed over their static imports. */
export function shellChunkFiles(chunks: ChunkInfo[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shell = new Set<string>();
  const visit = (fileName: string) => {
    if (shell.has(fileName)) return;
    const chunk = byFile.get(fileName);
    if (!chunk) return;
    shell.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of chunks) {
    const facade = chunk.facadeModuleId;
    if (chunk.isEntry || (facade !== null && (ROUTE_CHUNK.test(facade) || LAZY_SHELL_CHUNK.test(facade)))) visit(chunk.fileName);
  }
  return shell;
}

/**
 * A build plugin that records the shell chunks, and the workbox manifest transform that keeps only those
 * among the precached JS files (CSS, HTML, icons and the web manifest stay).
 */
export function shellPrecache(): { plugin: Plugin; manifestTransform: <T extends { url: string }>(entries: T[]) => { manifest: T[]; warnings: string[] } } {
  let shell: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'artbazaar:shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({ fileName: output.fileName, isEntry: output.isEntry, facadeModuleId: output.facadeModuleId, imports: output.imports });
      }
      shell = shellChunkFiles(chunks);
    },
  };
  const manifestTransform = <T extends { url: string }>(entries: T[]) => {
    if (shell === null) return { manifest: entries, warnings: ['shell chunks unknown: precaching every matched file'] };
    const known = shell;
    return { manifest: entries.filter((entry) => !entry.url.endsWith('.js') || known.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
  return { plugin, manifestTransform };
}
