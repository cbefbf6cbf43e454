import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';
import { authFetch, type ApiKeyCredentials } from '../authFetch';
import { HttpError } from '../errors';
import { toWalletAccount } from './accountRecord';

export interface ProfileUpdate {
  alias: string;
  email: string;
  /** The cropped square avatar; null with avatarChanged removes it. */
  avatar: Blob | null;
  avatarChanged: boolean;
}

async function readAccount(response: Response): Promise<WalletAccount> {
  if (!response.ok) {
    let body: { error?: string; message?: string } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not JSON: the status line below says enough.
    }
    throw new HttpError(response.status, body.error, body.message ?? `Request failed with status ${response.status}`);
  }
  return toWalletAccount((await response.json()) as Parameters<typeof toWalletAccount>[0]);
}

/** GET /api/v1/account/:address with the account's own key, so the answer includes its email. */
export async function fetchOwnAccount(credentials: ApiKeyCredentials, signal?: AbortSignal): Promise<WalletAccount> {
  return readAccount(await authFetch(`/account/${credentials.address}`, { signal }, credentials));
}

/** PUT /api/v1/account/:address as multipart (alias, email, avatarChanged, avatar). */
export async function saveProfile(credentials: ApiKeyCredentials, update: ProfileUpdate): Promise<WalletAccount> {
  const form = new FormData();
  form.set('alias', update.alias.trim());
  form.set('email', update.email.trim());
  form.set('avatarChanged', update.avatarChanged ? 'true' : 'false');
  if (update.avatarChanged && update.avatar) form.set('avatar', update.avatar, 'avatar.png');
  return readAccount(await authFetch(`/account/${credentials.address}`, { method: 'PUT', body: form }, credentials));
}
