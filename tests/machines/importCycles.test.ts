import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, ROOT, sourceFiles } from '../importGraph';

// No module of ours may load itself again through its imports: in a cycle, whichever module evaluation reaches
// first sees the others' exports still undefined (a `const` read before it is set throws), and which one that is
// depends on the entry point. Type-only imports (`import type`, or every name marked `type`) are erased by the
// compiler and make no cycle at run time, so they are not counted (machines/system/systemRegistry.ts names the types
// of the machines that read it). dynamic import() loads later and is not followed.
// A piece two modules share belongs in a module of its own.
const LAYERS = ['src', 'machines', 'domain', 'server'];

describe('import cycles', () => {
  it('behavior: no static import cycle in src/, machines/, domain/ or server/', () => {
    const cycles = importCycles(sourceFiles(LAYERS)).map((cycle) => cycle.join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('control: a cycle is found and named file by file; a type-only import back makes none', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "export { c } from './c.js';\nimport { a } from './a';\nexport const b = () => a;\n");
      writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
      writeFileSync(path.join(dir, 'd.ts'), "import { e } from './e';\nexport const d = e;\n");
      writeFileSync(path.join(dir, 'e.ts'), "import type { d } from './d';\nimport { type d as D } from './d';\nexport const e = 1 as unknown as typeof d | D;\n");
      const name = (file: string) => path.relative(ROOT, path.join(dir, file));
      expect(importCycles(sourceFiles([dir]))).toEqual([[name('a.ts'), name('b.ts'), name('a.ts')]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
