// `npm run machines`: writes docs/machines (a Mermaid state diagram per machine and an index), generated from the
// machines' own definitions by scripts/machineDocs.ts; pages of machines that no longer exist are removed.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS_DIR, machineDocuments } from './machineDocs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, DOCS_DIR);
const docs = await machineDocuments(root);
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) if (file.endsWith('.md') && !docs.has(file)) rmSync(join(dir, file));
for (const [file, text] of docs) writeFileSync(join(dir, file), text);
console.log(`${DOCS_DIR}: ${docs.size - 1} machines and README.md`);
