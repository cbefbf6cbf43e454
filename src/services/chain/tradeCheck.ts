// The server's check of the trading rules (POST /api/v1/trade/check), run before the wallet is asked.
import { tradeCheckOf, TradeCheckError, type CheckActionInput } from '../../../machines/trading/tradeCheck';
import { signedJson, type ApiKeyCredentials, type AuthFetchOptions } from '../authFetch';
import { isAbortError, ServiceError } from '../errors';

// The server's own text for a missing key (server/auth/requireAccount.ts), so both read the same.
export const SIGN_IN_FIRST_MESSAGE = 'Sign in with your wallet first.';

export interface CheckTradeOptions extends AuthFetchOptions {
  /** The API key of the signed-in account that sends the action; null when it has none. */
  apiKeyOf?: (account: string) => Promise<ApiKeyCredentials | null> | ApiKeyCredentials | null;
}

/** The login the wallet session stored for this address (IndexedDB, loaded on demand like the session does). */
export async function storedApiKey(account: string): Promise<ApiKeyCredentials | null> {
  const login = await (await import('../wallet/apiKeyStore')).loadApiKey(account);
  return login ? { address: account.toLowerCase(), key: login.apiKey.key } : null;
}

/** Resolves when the server accepts the action (or it has no trading rules); rejects with a TradeCheckError. */
export async function checkTrade(input: CheckActionInput, options: CheckTradeOptions, signal?: AbortSignal): Promise<void> {
  const request = tradeCheckOf(input.action);
  if (!request) return;
  const apiKey = await (options.apiKeyOf ?? storedApiKey)(input.account);
  if (!apiKey) throw new TradeCheckError(SIGN_IN_FIRST_MESSAGE, 'unauthorized');
  try {
    await signedJson(
      '/trade/check',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request), signal },
      apiKey,
      'tradeCheck',
      options,
    );
  } catch (error) {
    if (isAbortError(error)) throw error;
    // HttpError carries the server's code and message; NetworkError its own readable text.
    if (error instanceof ServiceError) throw new TradeCheckError(error.message, (error as { code?: string }).code ?? error.name);
    throw error;
  }
}
