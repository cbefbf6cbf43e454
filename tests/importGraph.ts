// The static import graph of a module, read from the sources (the boundary tests: what a first load or a server start
// loads). Type-only imports and dynamic import() are not followed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** Static imports and re-exports of a module (type-only ones and dynamic import() excluded). */
export function staticImports(source: string): string[] {
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
  // The server's imports name the emitted file (`./app.js` for `./app.ts`).
  const source = base.replace(/\.js$/, '');
  for (const candidate of [base, `${source}.ts`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every bare package a module reaches through static imports, with the chain of files that leads to it. */
export function staticGraph(entry: string) {
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

