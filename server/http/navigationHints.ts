// Navigation hints (fast on phones): the app's HTML for a client route names what that route fetches first, so a phone
// asks for it while the entry script downloads instead of after it has run: the route's split chunks with their
// static imports (modulepreload) and styles (preload), the GraphQL client the app imports at start, and the server
// config every page reads first (preload as fetch, answered once from the HTTP cache the app's read then uses).
// Everything comes from the build's Vite manifest (dist/.vite/manifest.json); a build without one gets no hints.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** One client route: its path pattern and the files its first render fetches. */
export interface RouteHint {
  /** The route file's path, e.g. `/token/$id` (pathless layouts dropped). */
  path: string;
  pattern: RegExp;
  /** Static segments: a more specific route wins over one with parameters (`/artists/apply` over `/artists/$x`). */
  staticSegments: number;
  scripts: string[];
  styles: string[];
}

const ROUTES_DIR = 'src/routes/';
/** The module the app imports dynamically as it starts (src/services/graphql.ts): every page needs it. */
const START_MODULES = ['src/services/graphqlClient.ts'];
const CONFIG_PATH = '/api/v1/config';

/**
 * `src/routes/_auth/account.dashboard.index.tsx` → `/account/dashboard`; null for the root, the 404 page and a
 * pathless layout file (`_auth.tsx`: no page of its own; it would otherwise claim `/` before the home route).
 */
export function routePathOfFile(file: string): string | null {
  if (!file.startsWith(ROUTES_DIR) || !file.endsWith('.tsx')) return null;
  const name = file.slice(ROUTES_DIR.length, -'.tsx'.length);
  if (name === '__root' || name === '404' || /^_[^/.]+$/.test(name)) return null;
  const segments = name.split(/[/.]/).filter((segment) => !segment.startsWith('_'));
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/${source}/?$`);
}

function collect(manifest: Manifest, key: string, scripts: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, scripts, styles);
}

/** Every route's hints from a manifest; files index.html already loads (`inHtml`) are left out. */
export function routeHints(manifest: Manifest, inHtml: ReadonlySet<string>): RouteHint[] {
  const byFile = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const [file, query] = key.split('?');
    if (query !== 'tsr-split=component' || !file) continue;
    byFile.set(file, [...(byFile.get(file) ?? []), key]);
  }
  const hints: RouteHint[] = [];
  for (const [file, keys] of byFile) {
    const path = routePathOfFile(file);
    if (path === null) continue;
    // A route inside a pathless layout (`_auth/profile.tsx`) renders inside the layout's own chunk.
    const layout = file.slice(ROUTES_DIR.length).match(/^(_[^/]+)\//)?.[1];
    const layoutKeys = layout ? [`${ROUTES_DIR}${layout}.tsx?tsr-split=component`] : [];
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const key of [...START_MODULES, ...layoutKeys, ...keys]) collect(manifest, key, scripts, styles);
    hints.push({
      path,
      pattern: patternOf(path),
      staticSegments: path.split('/').filter((segment) => segment && !segment.startsWith('$')).length,
      scripts: [...scripts].filter((file) => !inHtml.has(file)),
      styles: [...styles].filter((file) => !inHtml.has(file)),
    });
  }
  return hints.sort((a, b) => b.staticSegments - a.staticSegments || a.path.length - b.path.length);
}

/** The route a URL path shows, or null (an unknown path: the 404 page, nothing to hint). */
export function hintFor(hints: readonly RouteHint[], urlPath: string): RouteHint | null {
  return hints.find((hint) => hint.pattern.test(urlPath)) ?? null;
}

/** The link elements for a route, placed before `</head>`. */
export function hintLinks(hint: RouteHint | null): string {
  const links = [`<link rel="preload" href="${CONFIG_PATH}" as="fetch" crossorigin="anonymous">`];
  for (const file of hint?.scripts ?? []) links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  for (const file of hint?.styles ?? []) links.push(`<link rel="preload" as="style" crossorigin href="/${file}">`);
  return links.join('');
}

export function withHints(html: string, hint: RouteHint | null): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${hintLinks(hint)}${html.slice(at)}`;
}

/** Files index.html loads itself: its scripts, modulepreloads and stylesheets. */
export function filesInHtml(html: string): Set<string> {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?([^"]+)"/g)) files.add(match[1]!);
  return files;
}

export interface NavigationPages {
  /** index.html with the hints of the route `urlPath` shows, and a validator that changes with the build. */
  page(urlPath: string): Promise<{ html: string; etag: string; lastModified: Date } | null>;
}

/** index.html per route, read again when the build changes (its mtime). */
export function navigationPages(staticDir: string): NavigationPages {
  let loaded: { mtimeMs: number; html: string; hints: RouteHint[]; lastModified: Date } | null = null;
  const load = async () => {
    const indexPath = join(staticDir, 'index.html');
    const info = await stat(indexPath).catch(() => null);
    if (!info?.isFile()) return null;
    if (loaded?.mtimeMs === info.mtimeMs) return loaded;
    const html = await readFile(indexPath, 'utf8');
    const manifest = await readFile(join(staticDir, '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as Manifest)
      .catch(() => null);
    loaded = { mtimeMs: info.mtimeMs, html, hints: manifest ? routeHints(manifest, filesInHtml(html)) : [], lastModified: info.mtime };
    return loaded;
  };
  return {
    async page(urlPath) {
      const current = await load();
      if (!current) return null;
      const hint = hintFor(current.hints, urlPath);
      return {
        html: current.hints.length ? withHints(current.html, hint) : current.html,
        etag: `"${Math.round(current.mtimeMs).toString(36)}-${hint ? hint.path : '-'}"`,
        lastModified: current.lastModified,
      };
    },
  };
}
