import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

// The statecharts as documents: every machine exported under machines/ drawn as a Mermaid state diagram from its own
// definition (machine.root), so a diagram can never drift from the code. `npm run machines` writes them;
// tests/machines/machineDocs.test.ts fails when a committed one is out of date. Output is sorted and carries no
// timestamp, so the same machines always give the same bytes.

export const DOCS_DIR = 'docs/machines';

export interface FoundMachine {
  machine: AnyStateMachine;
  /** Source file, relative to the repository, with forward slashes. */
  file: string;
  exportName: string;
  /** Document name (without .md): the machine id, or the file name when the id is missing or taken twice. */
  name: string;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'config' in value &&
  'root' in value &&
  typeof (value as { transition?: unknown }).transition === 'function';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
    })
    .sort();
}

const posix = (path: string) => path.split(sep).join('/');

/** Imports every module under machines/ and keeps the exported values that are XState machines, each once. */
export async function findMachines(root: string): Promise<FoundMachine[]> {
  const byMachine = new Map<AnyStateMachine, Array<{ file: string; exportName: string; declared: boolean }>>();
  for (const path of sourceFiles(join(root, 'machines'))) {
    const file = posix(relative(root, path));
    const source = readFileSync(path, 'utf8');
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const exports = Object.entries(module).sort(([a], [b]) => a.localeCompare(b));
    const machines: Array<[string, AnyStateMachine]> = exports.filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]));
    // A module that exports only a factory (`createXMachine()`, typed per page) has its machine documented as the
    // factory makes it without arguments.
    if (!machines.length) {
      for (const [name, value] of exports) {
        if (!/^create\w*Machine$/.test(name) || typeof value !== 'function') continue;
        const made: unknown = (value as () => unknown)();
        if (isMachine(made)) machines.push([name, made]);
      }
    }
    for (const [exportName, value] of machines) {
      const declared = new RegExp(`export (const|function) ${exportName}\\b`).test(source);
      byMachine.set(value, [...(byMachine.get(value) ?? []), { file, exportName, declared }]);
    }
  }
  const found = [...byMachine].map(([machine, places]) => {
    // Re-exported machines are documented where they are declared.
    const place = places.find((p) => p.declared) ?? places[0]!;
    return { machine, file: place.file, exportName: place.exportName };
  });
  const idCount = new Map<string, number>();
  for (const { machine } of found) idCount.set(machine.id, (idCount.get(machine.id) ?? 0) + 1);
  return found
    .map((f) => {
      const usable = f.machine.id && f.machine.id !== '(machine)' && idCount.get(f.machine.id) === 1;
      return { ...f, name: usable ? f.machine.id : f.file.replace(/^.*\//, '').replace(/\.ts$/, '') };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every state node below the root, in document order. */
export function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

type Guard = unknown;

/** A state value as dotted paths: `{ network: 'online' }` → `network.online`. */
const statePaths = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => statePaths(child).map((path) => `${key}.${path}`));

export function guardName(guard: Guard): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: Guard[]; stateValue?: unknown };
    if (fn.guards) return `${fn.name}(${fn.guards.map((g) => guardName(g)).join(', ')})`;
    if ('stateValue' in fn) return `stateIn(${statePaths(fn.stateValue).join(', ')})`;
    return fn.name || 'inline';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    // Static params are part of the name (`resumesAt(step=upload)`); params computed from context are not shown.
    const { type, params } = guard as { type: unknown; params?: unknown };
    const shown =
      params && typeof params === 'object'
        ? Object.entries(params)
            .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
            .map(([key, value]) => `${key}=${String(value)}`)
        : [];
    return shown.length ? `${String(type)}(${shown.join(', ')})` : String(type);
  }
  return 'inline';
}

interface Transition {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: Guard;
  delay?: string | number;
  reenter?: boolean;
}

/** Every transition of a node as (event type, definition), the eventless ones under the type ''. */
export function nodeTransitions(node: AnyStateNode): Array<[string, Transition]> {
  const on = [...node.transitions].flatMap(([type, list]) => (list as Transition[]).map((t) => [type, t] as [string, Transition]));
  const always = ((node.always ?? []) as Transition[]).map((t) => ['', t] as [string, Transition]);
  return [...on, ...always];
}

/** An event type as a reader says it: `always`, `after 2000ms`, `done(fetchConfig)`, `error(trade)`. */
export function eventLabel(type: string, transition?: Transition): string {
  if (type === '') return 'always';
  if (type.startsWith('xstate.after.')) {
    const delay = transition?.delay ?? type.split('.')[2];
    return typeof delay === 'number' || /^\d+$/.test(String(delay)) ? `after ${delay}ms` : `after ${delay}`;
  }
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1]}(${done[2]})`;
  if (type.startsWith('xstate.done.state.')) return 'done(state)';
  return type;
}

const invokeSrc = (src: unknown) => (typeof src === 'string' ? src : 'inline');

function mermaidIds(root: AnyStateNode): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const taken = new Set<string>();
  for (const node of [root, ...descendants(root)]) {
    const base = `s_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
    taken.add(id);
    ids.set(node, id);
  }
  return ids;
}

// Mermaid reads `:`, `;`, quotes, `#` and braces in a label as syntax.
const label = (text: string) => text.replace(/[:;"]/g, ' ').replace(/#/g, '').replace(/[{]/g, '(').replace(/[}]/g, ')').replace(/\s+/g, ' ').trim();

export function mermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine.root);
  const lines: string[] = ['stateDiagram-v2'];
  const edges = (node: AnyStateNode, indent: string) => {
    for (const [type, t] of nodeTransitions(node)) {
      const guard = guardName(t.guard);
      const text = label(`${eventLabel(type, t)}${guard ? ` [${guard}]` : ''}`);
      for (const target of t.target?.length ? t.target : [node]) lines.push(`${indent}${ids.get(node)} --> ${ids.get(target)} : ${text}`);
    }
  };
  const draw = (node: AnyStateNode, indent: string) => {
    const id = ids.get(node)!;
    const name = node.type === 'history' ? `${node.key} (history)` : node.type === 'parallel' ? `${node.key} (parallel)` : node.key;
    lines.push(`${indent}state "${label(name)}" as ${id}`);
    if (node.tags.length) lines.push(`${indent}%% ${id} tags: ${[...node.tags].sort().join(', ')}`);
    const children = Object.values(node.states);
    if (children.length) {
      lines.push(`${indent}state ${id} {`);
      const inner = `${indent}  `;
      const initial = node.initial?.target ?? [];
      for (const target of initial) lines.push(`${inner}[*] --> ${ids.get(target)}`);
      children.forEach((child, index) => {
        if (node.type === 'parallel' && index > 0) lines.push(`${inner}--`);
        draw(child, inner);
      });
      lines.push(`${indent}}`);
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    edges(node, indent);
  };
  draw(machine.root, '  ');
  return lines.join('\n');
}

const DOC = String.raw`/\*\*((?:(?!\*/)[\s\S])*)\*/\s*`;
const docText = (doc: string) => doc.replace(/^\s*\*\s?/gm, ' ');

/**
 * The comment a file opens with (`//` lines or a block comment): at its very start, or after its imports. `standalone`
 * asks for one a blank line follows (a comment right above a declaration is first of all that declaration's).
 */
function leadingComment(source: string, standalone: boolean): string | undefined {
  const afterImports = source.replace(/^(?:\s*import\b[\s\S]*?from\s*'[^']*';|\s*import\s*'[^']*';|\s*export\s+(?:type\s+)?\{[^}]*\}\s*from\s*'[^']*';)*\s*/, '');
  for (const [text, needsBlankLine] of [[source.trimStart(), false], [afterImports, standalone]] as const) {
    const lines = /^(?:\/\/.*\n)+/.exec(text)?.[0];
    const block = /^\/\*+((?:(?!\*\/)[\s\S])*)\*\/[ \t]*\n/.exec(text);
    const comment = lines ?? block?.[0];
    if (comment === undefined || (needsBlankLine && !/^\s*\n/.test(text.slice(comment.length)))) continue;
    return lines ? lines.replace(/^\/\/\s?/gm, ' ') : docText(block![1]!);
  }
  return undefined;
}

/** The first sentence of a text's first paragraph (a dot inside a word, `likes.wanted`, or "e.g." ends none). */
function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n/).find((part) => part.trim()) ?? '';
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  return /^(?:e\.g\.|i\.e\.|[.!?](?!\s|$)|[^.!?])*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
}

/**
 * One sentence on what a machine does, from the first of: the doc comment on its export, the doc comment on the
 * factory the export calls, the file's opening comment, the doc comment of an exported factory itself (which may be
 * about its parameters), a comment right after the imports.
 */
export function describeMachine(source: string, exportName: string): string {
  const docOn = (declaration: string) => {
    const doc = new RegExp(`${DOC}export ${declaration}\\b`).exec(source)?.[1];
    return doc === undefined ? undefined : docText(doc);
  };
  const factory = new RegExp(String.raw`export const ${exportName}\s*=\s*(\w+)\(`).exec(source)?.[1];
  const text =
    docOn(`const ${exportName}`) ??
    (factory ? docOn(`function ${factory}`) : undefined) ??
    leadingComment(source, true) ??
    docOn(`function ${exportName}`) ??
    leadingComment(source, false) ??
    '';
  return firstSentence(text).replace(/\|/g, '\\|') || '—';
}

export interface MachineSummary {
  states: number;
  events: string[];
  tags: string[];
  invokes: string[];
}

export function summarize(machine: AnyStateMachine): MachineSummary {
  const nodes = [machine.root, ...descendants(machine.root)];
  const types = nodes.flatMap((node) => nodeTransitions(node).map(([type]) => type));
  return {
    states: nodes.length - 1,
    events: [...new Set(types.filter((type) => type !== '' && !type.startsWith('xstate.')))].sort(),
    tags: [...new Set(nodes.flatMap((node) => [...node.tags]))].sort(),
    invokes: [...new Set(nodes.flatMap((node) => node.invoke.map((i) => invokeSrc(i.src))))].sort(),
  };
}

const code = (items: string[]) => (items.length ? items.map((item) => `\`${item}\``).join(', ') : '—');

function machinePage(found: FoundMachine, description: string): string {
  const { machine, file } = found;
  const rows = descendants(machine.root).map((node) => {
    const invokes = node.invoke.map((i) => (i.id && i.id !== invokeSrc(i.src) ? `${invokeSrc(i.src)} as ${i.id}` : invokeSrc(i.src)));
    const type = node.type === 'atomic' ? '' : node.type;
    return `| \`${node.path.join('.')}\` | ${type} | ${code([...node.tags].sort())} | ${code(invokes)} |`;
  });
  return [
    `# ${found.name}`,
    '',
    `<!-- Generated by \`npm run machines\` from ${file}; do not edit by hand. -->`,
    '',
    `Source: [${file}](../../${file}) (export \`${found.exportName}\`${found.exportName.startsWith('create') ? ', called without arguments' : ''}). ${description}`,
    '',
    '```mermaid',
    mermaid(machine),
    '```',
    '',
    '| State | Type | Tags | Invokes |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Every document of docs/machines by file name (`README.md` and one `<name>.md` per machine). */
export async function machineDocuments(root: string): Promise<Map<string, string>> {
  const machines = await findMachines(root);
  const docs = new Map<string, string>();
  const index = [
    '# Machines',
    '',
    '<!-- Generated by `npm run machines` (scripts/machines.ts) from every machine exported under machines/; do not edit by hand. -->',
    '',
    'Each machine as a state diagram drawn from its own definition. `tests/machines/machineDocs.test.ts` fails when',
    'a page is out of date: run `npm run machines` and commit the result.',
    '',
    '| Machine | Source | What it does | States | Events | Tags | Invokes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const found of machines) {
    const description = describeMachine(readFileSync(join(root, found.file), 'utf8'), found.exportName);
    const s = summarize(found.machine);
    docs.set(`${found.name}.md`, machinePage(found, description));
    index.push(
      `| [${found.name}](${found.name}.md) | [${found.file}](../../${found.file}) | ${description} | ${s.states} | ${code(s.events)} | ${code(s.tags)} | ${code(s.invokes)} |`,
    );
  }
  docs.set('README.md', `${index.join('\n')}\n`);
  return new Map([...docs].sort(([a], [b]) => a.localeCompare(b)));
}
