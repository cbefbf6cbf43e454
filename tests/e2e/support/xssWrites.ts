import { expect } from '@playwright/test';
import { mnemonicToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { authFetch, type ApiKeyCredentials } from '../../../src/services/authFetch';
import { addressOf, type Stack } from './trading';

// Writes from Node for the XSS spec (xss.spec.ts): SIWE sign-in once per account, then signed requests with the
// real client helper.

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const HOUR = 3_600_000;

export async function signInFromNode(baseURL: string, stack: Stack, index: number): Promise<ApiKeyCredentials> {
  const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
  expect(account.address.toLowerCase()).toBe(addressOf(stack, index).toLowerCase());
  const { nonce } = (await (await fetch(`${baseURL}/api/v1/account/nonce`)).json()) as { nonce: string };
  const now = Date.now();
  const url = new URL(baseURL);
  const message = createSiweMessage({
    domain: url.host,
    address: account.address,
    uri: url.origin,
    version: '1',
    chainId: stack.chainId,
    nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + HOUR),
    statement: 'Sign in to the marketplace.',
  });
  const signature = await account.signMessage({ message });
  const response = await fetch(`${baseURL}/api/v1/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, signature, apiKey: { address: account.address, alias: '', expires: now + 2 * HOUR } }),
  });
  expect(response.status, `sign-in of #${index}: ${await response.clone().text()}`).toBe(200);
  return ((await response.json()) as { apiKey: ApiKeyCredentials }).apiKey;
}

export function signed(baseURL: string, key: ApiKeyCredentials, path: string, init: RequestInit): Promise<Response> {
  return authFetch(path, init, key, { fetch: (input, requestInit) => fetch(new URL(input, baseURL), requestInit) });
}

export async function bodyOf(response: Response): Promise<{ error?: string; message?: string } & Record<string, unknown>> {
  return (await response.json()) as { error?: string; message?: string } & Record<string, unknown>;
}

function profileForm(alias: string, email: string): FormData {
  const form = new FormData();
  form.set('alias', alias);
  form.set('email', email);
  form.set('avatarChanged', 'false');
  return form;
}

export async function putProfile(baseURL: string, key: ApiKeyCredentials, alias: string, email: string): Promise<Response> {
  return signed(baseURL, key, `/account/${key.address}`, { method: 'PUT', body: profileForm(alias, email) });
}

export async function expectProfileSaved(baseURL: string, key: ApiKeyCredentials, alias: string, email: string) {
  const response = await putProfile(baseURL, key, alias, email);
  const body = await bodyOf(response);
  expect(response.status, `profile ${JSON.stringify(alias)} / ${JSON.stringify(email)}: ${body.message}`).toBe(200);
  expect(body).toMatchObject({ alias, email });
}
