import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// REST answers are parsed with their contracts (domain/contracts), not cast: the project's ESLint config refuses a
// type argument on apiRequest and signedJson anywhere in src/ (services, views, routes alike).
const eslint = new ESLint({ cwd: process.cwd() });

async function messages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const imports = "import { apiRequest } from './api';\nimport { signedJson } from './authFetch';\nexport { apiRequest, signedJson };\n";
const key = "{ address: '0xaa', key: 'k' }";

describe('no type argument on apiRequest or signedJson', { timeout: 60_000 }, () => {
  it.each([
    ['src/services/probe.ts', "export const a = () => apiRequest<{ nonce: string }>('/account/nonce', {}, 'nonce');"],
    ['src/services/probe.ts', `export const b = () => signedJson<unknown>('/x', {}, ${key}, 'deleted');`],
    ['src/views/probe.tsx', `export const c = () => signedJson<{ ok: true }>('/trade/check', {}, ${key}, 'tradeCheck');`],
    ['src/routes/probe.tsx', "export const d = () => apiRequest<object>('/account/nonce', {}, 'nonce');"],
  ])('behavior: %s refuses `%s`', async (filePath, line) => {
    expect(await messages(`${imports}${line}\n`, filePath)).toEqual([expect.stringMatching(/^no-restricted-syntax: (apiRequest|signedJson) parses its answer with the contract/)]);
  });

  it('default: a call naming its contract passes', async () => {
    expect(await messages(`${imports}export const e = () => apiRequest('/account/nonce', {}, 'nonce');\nexport const f = () => signedJson('/x', {}, ${key}, 'deleted');\n`, 'src/services/probe.ts')).toEqual([]);
  });
});
