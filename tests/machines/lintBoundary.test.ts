import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint config must keep machines/ free of React, DOM, network, wallet and storage code.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath = 'machines/example/exampleMachine.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('lint boundary of machines/', () => {
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
