// The generative sandbox page's version (media cached when viewed): a hash of its files and the p5 build it loads. The server
// serves the page, its script and style as immutable under `?v=<version>`, and the app's build puts the same version
// in the frame's URL (vite.config.ts), so a generative work seen once plays offline from the browser's cache.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const SANDBOX_PAGE_FILES = ['generative.html', 'generative.js', 'generative.css'] as const;

export function sandboxPageVersion(sandboxDir: URL, p5Version: string): string {
  const hash = createHash('sha256').update(p5Version);
  for (const name of SANDBOX_PAGE_FILES) hash.update(readFileSync(new URL(name, sandboxDir)));
  return hash.digest('base64url').slice(0, 16);
}

/** p5's version as installed (its package exports hide package.json, so it is read from the folder). */
export function installedP5Version(p5Dir: URL): string {
  return (JSON.parse(readFileSync(new URL('package.json', p5Dir), 'utf8')) as { version: string }).version;
}
