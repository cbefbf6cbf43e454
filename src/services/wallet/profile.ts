import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';
import { authFetch, type ApiKeyCredentials } from '../authFetch';
import { checkedAnswer, loadAnswerCheck } from '../contracts';
import { refusalError } from '../errors';
import { toWalletAccount } from './accountRecord';

export interface ProfileUpdate {
  alias: string;
  email: string;
  /** The cropped square avatar; null with avatarChanged removes it. */
  avatar: Blob | null;
  avatarChanged: boolean;
}

/** The account the answer carries, read with its contract (a MalformedAnswerError if it is not one), or the server's refusal. */
async function readAccount(response: Response, path: string): Promise<WalletAccount> {
  if (!response.ok) {
    // Not JSON (null): the status line says enough.
    throw refusalError(response.status, await response.json().catch(() => null));
  }
  return toWalletAccount(await checkedAnswer('account', await response.json().catch(() => null), path));
}

/** GET /api/v1/account/:address with the account's own key, so the answer includes its email. */
export async function fetchOwnAccount(credentials: ApiKeyCredentials, signal?: AbortSignal): Promise<WalletAccount> {
  // The answer's contract loads while the request is out.
  void loadAnswerCheck().catch(() => {});
  const path = `/account/${credentials.address}`;
  return readAccount(await authFetch(path, { signal }, credentials), path);
}

/** PUT /api/v1/account/:address as multipart (alias, email, avatarChanged, avatar). */
export async function saveProfile(credentials: ApiKeyCredentials, update: ProfileUpdate): Promise<WalletAccount> {
  const form = new FormData();
  form.set('alias', update.alias.trim());
  form.set('email', update.email.trim());
  form.set('avatarChanged', update.avatarChanged ? 'true' : 'false');
  if (update.avatarChanged && update.avatar) form.set('avatar', update.avatar, 'avatar.png');
  void loadAnswerCheck().catch(() => {});
  const path = `/account/${credentials.address}`;
  return readAccount(await authFetch(path, { method: 'PUT', body: form }, credentials), path);
}
