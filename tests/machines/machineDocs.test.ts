import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, machineDocuments } from '../../scripts/machineDocs';

// The committed diagrams in docs/machines are generated from the machines; a change to a machine without
// `npm run machines` leaves its page out of date, and this test says so.
const root = resolve(import.meta.dirname, '../..');
const dir = join(root, DOCS_DIR);
const docs = await machineDocuments(root);
const STALE = 'is out of date: run `npm run machines` and commit docs/machines';

describe('docs/machines', () => {
  it('documents every machine under machines/', () => {
    expect(docs.size).toBeGreaterThan(40);
  });

  it('has no page for a machine that no longer exists', () => {
    const committed = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.md')) : [];
    expect(committed.filter((file) => !docs.has(file)), `docs/machines ${STALE}`).toEqual([]);
  });

  it.each([...docs.keys()])('%s is the one generated from the machines', (file) => {
    const path = join(dir, file);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : '(missing)';
    expect(committed, `docs/machines/${file} ${STALE}`).toBe(docs.get(file));
  });
});
