import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint config must keep machines/ free of React, DOM, network, wallet and storage code.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath = 'machines/example/exampleMachine.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

// The first lintText loads the whole config and its plugins (seconds on a busy machine): a generous per-test bound.
describe('lint boundary of machines/', { timeout: 60_000 }, () => {
  it.each([
    ["import { useState } from 'react';"],
    ["import { useSelector } from '@xstate/react';"],
    ["import { createPublicClient } from 'viem';"],
    ["import { getAccount } from '@wagmi/core';"],
    ["import { io } from 'socket.io-client';"],
    ["import { get } from 'idb-keyval';"],
  ])('behavior: %s is refused', async (line) => {
    expect(await ruleIds(`${line}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
  });

  it.each([['window.location.reload();'], ["document.title = 'x';"], ["void fetch('/api');"], ["localStorage.setItem('a', 'b');"]])(
    'behavior: %s is refused',
    async (line) => {
      expect(await ruleIds(`export function f() {\n  ${line}\n}\n`)).toContain('no-restricted-globals');
    },
  );

  it('default: TypeScript with xstate passes', async () => {
    expect(await ruleIds("import { setup } from 'xstate';\nexport const m = setup({}).createMachine({});\n")).toEqual([]);
  });

  it('behavior: the same imports are allowed outside machines/', async () => {
    expect(await ruleIds("import { useState } from 'react';\nexport const x = useState;\n", 'src/views/example.ts')).toEqual([]);
  });
});

describe('lint boundary of domain/', () => {
  const inDomain = (code: string) => ruleIds(code, 'domain/example.ts');

  it.each([
    ["import { useState } from 'react';"],
    ["import { setup } from 'xstate';"],
    ["import { z } from 'zod';"],
    ["import { Hono } from 'hono';"],
    ["import { readFile } from 'node:fs/promises';"],
    ["import { price } from '../machines/forms/validators';"],
    ["import { ApiError } from '../server/http/errors.js';"],
    ["import { authFetch } from '../src/services/authFetch';"],
    ["export { sameAddress } from '../machines/trading/tradeRules';"],
  ])('behavior: %s is refused', async (line) => {
    expect(await inDomain(`${line}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
  });

  it.each([['window.location.reload();'], ["void fetch('/api');"], ["localStorage.setItem('a', 'b');"]])('behavior: %s is refused', async (line) => {
    expect(await inDomain(`export function f() {\n  ${line}\n}\n`)).toContain('no-restricted-globals');
  });

  it('default: zod/mini and its own files pass', async () => {
    expect(await inDomain("import * as z from 'zod/mini';\nimport { REQUIRED_FIELD_MESSAGE } from './messages';\nexport const s = z.string().check(z.minLength(1, REQUIRED_FIELD_MESSAGE));\n")).toEqual([]);
  });
});

describe('lint boundary of server/', () => {
  it('behavior: a rule from machines/ (or src/) is refused; domain/ is the way', async () => {
    const file = 'server/rest/example.ts';
    expect(await ruleIds("import { price } from '../../machines/forms/validators.js';\nexport const x = price;\n", file)).toContain('no-restricted-imports');
    expect(await ruleIds("import { authFetch } from '../../src/services/authFetch.js';\nexport const x = authFetch;\n", file)).toContain('no-restricted-imports');
    expect(await ruleIds("import { priceError } from '../../domain/price.js';\nexport const x = priceError;\n", file)).toEqual([]);
  });
});

// Views and components render state and send events: no actor is started or fed from an effect there, and no view
// navigates (a flow's outcome navigates through its machine, src/services/flows/navigation.ts; a plain link is a Link).
describe('lint boundary of views and components', { timeout: 60_000 }, () => {
  const inView = (code: string, file = 'src/views/example/Example.tsx') => ruleIds(code, file);
  const restricted = (ids: Array<string | null>) => ids.filter((id) => id === 'no-restricted-syntax');

  it.each([
    ["import { useNavigate } from '@tanstack/react-router';\nexport const x = useNavigate;\n"],
    ["import { useRouter } from '@tanstack/react-router';\nexport const x = useRouter;\n"],
    ["import { Navigate } from '@tanstack/react-router';\nexport const x = Navigate;\n"],
    ["import { navigateTo } from '../../services/flows/navigation';\nexport const x = navigateTo;\n"],
    ["import { navigateBack } from '../../services/flows/navigation';\nexport const x = navigateBack;\n"],
    ["export function go(router: { navigate(o: unknown): void }) {\n  router.navigate({ to: '/explore' });\n}\n"],
    ["export function go() {\n  window.location.href = '/explore';\n}\n"],
    ["export function go(router: { history: { replace(h: string): void } }) {\n  router.history.replace('/profile');\n}\n"],
    ["export function go(router: { history: { back(): void } }) {\n  router.history.back();\n}\n"],
    ["export function go() {\n  window.location.assign('/explore');\n}\n"],
    ["export function go() {\n  history.back();\n}\n"],
  ])('behavior: imperative navigation is refused in a view: %s', async (code) => {
    expect(restricted(await inView(code))).toHaveLength(1);
  });

  it('behavior: the same navigation is refused in a component', async () => {
    const code = "import { useNavigate } from '@tanstack/react-router';\nexport const x = useNavigate;\n";
    expect(await inView(code, 'src/components/example/Example.tsx')).toContain('no-restricted-syntax');
  });

  it('default: a Link, the shown route reloaded, and navigation outside views pass', async () => {
    expect(await inView("import { Link } from '@tanstack/react-router';\nexport const x = Link;\n")).toEqual([]);
    expect(await inView("import { reloadRoute } from '../../services/flows/navigation';\nexport const x = reloadRoute;\n")).toEqual([]);
    const service = "import { navigateTo } from './navigation';\nexport const go = () => navigateTo({ to: '/explore' });\n";
    expect(await ruleIds(service, 'src/services/flows/example.ts')).toEqual([]);
  });

  it('behavior: an effect that sends to an actor, and useActorRef, are refused; a handler the effect registers may send', async () => {
    const effectSend = [
      "import { useEffect } from 'react';",
      'export function useProbe(actor: { send(e: { type: string }): void }) {',
      "  useEffect(() => {\n    actor.send({ type: 'x' });\n  }, [actor]);",
      '}',
    ].join('\n');
    expect(restricted(await inView(effectSend))).toHaveLength(1);
    expect(restricted(await inView("import { useActorRef } from '@xstate/react';\nexport const x = useActorRef;\n"))).toHaveLength(1);
    const listener = [
      "import { useEffect } from 'react';",
      'export function useProbe(actor: { send(e: { type: string }): void }) {',
      "  useEffect(() => {\n    const on = () => actor.send({ type: 'x' });\n    document.addEventListener('keydown', on);\n    return () => document.removeEventListener('keydown', on);\n  }, [actor]);",
      '}',
    ].join('\n');
    expect(restricted(await inView(listener))).toEqual([]);
  });

  it("behavior: a view that subscribes to an actor's snapshots (to store them) is refused", async () => {
    const keep = [
      "import { useEffect } from 'react';",
      'export function useKeep(actor: { subscribe(f: (s: unknown) => void): { unsubscribe(): void } }, store: (s: unknown) => void) {',
      '  useEffect(() => {\n    const subscription = actor.subscribe(store);\n    return () => subscription.unsubscribe();\n  }, [actor, store]);',
      '}',
    ].join('\n');
    expect(restricted(await inView(keep))).toHaveLength(1);
  });
});
