import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// socket.io-client must not be in the first-load bundle: the live socket imports it after the first load.
const ROOT = path.resolve(__dirname, '../..');
const SOCKET_CLIENT = /^(socket\.io-client|engine\.io-client|socket\.io-parser)($|\/)/;

/** Static imports and re-exports of a module (type-only ones and dynamic import() excluded). */
function staticImports(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of withoutComments.matchAll(statement)) {
    if (match[2]) continue;
    if (match[1] === 'export' && !match[3]) continue;
    specifiers.push(match[4]!);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every bare package a module reaches through static imports, with the chain of files that leads to it. */
function staticGraph(entry: string) {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file) || file.endsWith('.css')) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const resolved = resolveLocal(file, specifier);
        if (resolved) walk(resolved, [...chain, path.relative(ROOT, resolved)]);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, chain);
      }
    }
  };
  walk(path.join(ROOT, entry), [entry]);
  return { packages, files: seen };
}

describe('live socket lazy-loading boundary', () => {
  it('behavior: socket.io-client is not statically reachable from src/main.tsx, though the liveEvents services are', () => {
    const { packages, files } = staticGraph('src/main.tsx');
    const leaks = [...packages].filter(([specifier]) => SOCKET_CLIENT.test(specifier)).map(([specifier, chain]) => `${specifier} via ${chain.join(' → ')}`);
    expect(leaks).toEqual([]);
    expect(files).toContain(path.join(ROOT, 'src/services/live/socket.ts'));
    expect(readFileSync(path.join(ROOT, 'src/services/live/socket.ts'), 'utf8')).toMatch(/await import\('socket\.io-client'\)/);
  });
});
