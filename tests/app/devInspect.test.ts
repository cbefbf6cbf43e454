import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type InspectionEvent } from 'xstate';
import { devInspect } from '../../src/app/devInspect';
import { createConsoleInspector, type InspectorConsole } from '../../src/app/devtools/actorInspector';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [path.relative(ROOT, file).split(path.sep).join('/')] : [];
  });
}
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A console that keeps the titles of its groups. */
function recordingConsole() {
  const titles: string[] = [];
  const out: InspectorConsole = { groupCollapsed: (title: unknown) => titles.push(String(title)), groupEnd: () => {}, log: () => {} };
  return { titles, out };
}

const pageMachine = setup({
  actors: { load: fromPromise(async () => 'loaded') },
}).createMachine({
  id: 'page',
  initial: 'idle',
  states: {
    idle: { on: { 'page.open': 'loading' } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'ready' } },
    ready: {},
  },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('actor inspector (development, ?inspect)', () => {
  it('behavior: logs actors started and stopped, events from source to target, and the state values they lead to', async () => {
    const { titles, out } = recordingConsole();
    const actor = createActor(pageMachine, { inspect: createConsoleInspector(out) }).start();
    actor.send({ type: 'page.open' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.stop();
    expect(titles).toContain(`[actors] started ${actor.id}`);
    expect(titles).toContain('[actors] started load');
    expect(titles).toContain(`[actors] outside → ${actor.id}: page.open`);
    expect(titles).toContain(`[actors] ${actor.id} is in "loading" (after page.open)`);
    expect(titles).toContain(`[actors] load → ${actor.id}: xstate.done.actor.load`);
    expect(titles).toContain(`[actors] ${actor.id} is in "ready" (after xstate.done.actor.load)`);
    expect(titles).toContain(`[actors] stopped ${actor.id}`);
  });

  it('parameters: without ?inspect in the address there is no inspector', () => {
    expect(devInspect('')).toBeUndefined();
    expect(devInspect('?tab=offers')).toBeUndefined();
  });

  it('behavior: with ?inspect, events that come before the inspector has loaded are logged once it has, in order', async () => {
    const groups = vi.spyOn(console, 'groupCollapsed').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'groupEnd').mockImplementation(() => {});
    const inspect = devInspect('?inspect')!;
    const actor = createActor(pageMachine, { inspect: inspect as (event: InspectionEvent) => void }).start();
    actor.send({ type: 'page.open' });
    await vi.waitFor(() => expect(groups.mock.calls.map(([title]) => title)).toContain(`[actors] outside → ${actor.id}: page.open`));
    const titles = groups.mock.calls.map(([title]) => String(title));
    expect(titles.indexOf(`[actors] started ${actor.id}`)).toBeLessThan(titles.indexOf(`[actors] outside → ${actor.id}: page.open`));
    actor.stop();
  });

  it('behavior: production builds cannot reach it: only a branch on import.meta.env.DEV calls it, and it loads the inspector lazily', () => {
    const files = sourceFiles('src');
    const importers = files.filter((file) => /from '[^']*\/devInspect'/.test(source(file)));
    expect(importers).toEqual(['src/app/createAppActor.ts']);
    expect(source('src/app/createAppActor.ts').match(/devInspect\(/g)).toHaveLength(1);
    expect(source('src/app/createAppActor.ts')).toMatch(/import\.meta\.env\.DEV \? devInspect\(\) : undefined/);
    // The inspector module is reached only through the dynamic import in devInspect.ts (its own chunk, never built
    // for production since nothing reachable imports it).
    const reaching = files.filter((file) => file !== 'src/app/devtools/actorInspector.ts' && /actorInspector/.test(source(file)));
    expect(reaching).toEqual(['src/app/devInspect.ts']);
    expect(source('src/app/devInspect.ts')).toMatch(/import\('\.\/devtools\/actorInspector'\)/);
    expect(source('src/app/devInspect.ts')).not.toMatch(/^import (?!type).*actorInspector/m);
  });
});
