// The static import graph of a module, read from the sources (the boundary tests: what a first load or a server start
// loads; the cycle check: which modules load each other). Type-only imports and dynamic import() are not followed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** `{ type A, type B as C }`: every name marked `type`, so the compiler drops the whole statement. */
const ONLY_TYPE_NAMES = /^\{\s*type\s+[\w$]+(\s+as\s+[\w$]+)?(\s*,\s*type\s+[\w$]+(\s+as\s+[\w$]+)?)*\s*,?\s*\}\s+from\s+$/;

/**
 * Static imports and re-exports of a module. Excluded: type-only ones (`import type`, `export type`, and braces
 * whose every name is marked `type`), which the compiler erases, and dynamic import(), which loads later.
 */
export function staticImports(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of withoutComments.matchAll(statement)) {
    if (match[2]) continue;
    if (match[1] === 'export' && !match[3]) continue;
    if (match[3] && ONLY_TYPE_NAMES.test(match[3])) continue;
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


/** Every .ts/.tsx source under the given folders (relative to the repository, or absolute), declaration files aside. */
export function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  for (const folder of folders) walk(path.resolve(ROOT, folder));
  return files.sort();
}

/**
 * The import cycles among `files`: one per strongly connected group of modules that import each other (statically;
 * type-only imports create no cycle at run time and are not counted), each as a closed path of files relative to the
 * repository, first file repeated last (`a.ts → b.ts → a.ts`).
 */
export function importCycles(files: string[]): string[][] {
  const inScope = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = staticImports(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveLocal(file, specifier))
      .filter((target): target is string => target !== null && inScope.has(target));
    edges.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components, iterative (the graph is deep enough to worry a recursive walk).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const root of files) {
    if (index.has(root)) continue;
    const frames: { file: string; next: number }[] = [{ file: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = edges.get(frame.file)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        if (group.length > 1 || edges.get(frame.file)!.includes(frame.file)) groups.push(group);
      }
    }
  }

  // One concrete cycle per group: the shortest way back from its first file (breadth-first inside the group).
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const file = queue.shift()!;
      for (const target of edges.get(file)!) {
        if (!members.has(target)) continue;
        if (target === start) {
          closing = file;
          break;
        }
        if (!previous.has(target)) {
          previous.set(target, file);
          queue.push(target);
        }
      }
    }
    const cycle = [start];
    for (let file = closing!; file !== start; file = previous.get(file)!) cycle.splice(1, 0, file);
    cycle.push(start);
    return cycle.map((file) => path.relative(ROOT, file));
  });
}
