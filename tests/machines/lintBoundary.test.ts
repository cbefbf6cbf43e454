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
