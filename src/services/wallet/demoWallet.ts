import type { Eip1193Provider } from './discovery';

// Seed: with a local demo chain, a "Demo wallet" over the chain's unlocked accounts #0–#4 (the node signs).

export interface ProviderRpcError extends Error {
  code: number;
  data?: unknown;
}

function rpcError(code: number, message: string, data?: unknown): ProviderRpcError {
  return Object.assign(new Error(message), { name: 'ProviderRpcError', code, data });
}

let requestId = 0;

/** One JSON-RPC call to the node; JSON-RPC errors keep their code so the catalogue can read it. */
export async function chainRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  requestId += 1;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: requestId, method, params }),
  });
  if (!response.ok) throw rpcError(4900, `The chain answered ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw rpcError(body.error.code, body.error.message, body.error.data);
  return body.result;
}

/** The node's unlocked accounts #0–#4. */
export async function demoAccounts(providerURL: string): Promise<string[]> {
  const accounts = (await chainRpc(providerURL, 'eth_accounts')) as string[];
  return accounts.slice(0, 5);
}

export interface DemoWalletProvider extends Eip1193Provider {
  readonly isDemoWallet: true;
  on(event: string, listener: (...args: unknown[]) => void): void;
  removeListener(event: string, listener: (...args: unknown[]) => void): void;
}

/** An EIP-1193 provider for account #accountIndex of the chain at providerURL. */
export function createDemoWalletProvider({ providerURL, accountIndex }: { providerURL: string; accountIndex: number }): DemoWalletProvider {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  let account: string | null = null;

  async function chosenAccount(): Promise<string> {
    if (account) return account;
    const accounts = await demoAccounts(providerURL);
    const chosen = accounts[accountIndex];
    if (!chosen) throw rpcError(4100, `The chain has no unlocked account #${accountIndex}`);
    account = chosen;
    return chosen;
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const args = Array.isArray(params) ? (params as unknown[]) : params === undefined ? [] : [params];
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [await chosenAccount()];
      case 'wallet_requestPermissions':
        return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [await chosenAccount()] }] }];
      case 'wallet_getPermissions':
        return account ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account] }] }] : [];
      case 'wallet_revokePermissions':
        account = null;
        return null;
      case 'wallet_switchEthereumChain': {
        const wanted = Number.parseInt(String((args[0] as { chainId?: string } | undefined)?.chainId ?? ''), 16);
        const current = Number.parseInt(String(await chainRpc(providerURL, 'eth_chainId')), 16);
        if (wanted !== current) throw rpcError(4902, `The demo wallet only knows chain ${current}`);
        return null;
      }
      case 'wallet_addEthereumChain':
        return null;
      case 'eth_sendTransaction': {
        // The transaction is sent from the chosen account, whatever the caller filled in.
        const transaction: Record<string, unknown> = { ...(args[0] as Record<string, unknown>), from: await chosenAccount() };
        // Estimated first, as wallets do: one that would revert is refused with the chain's reason and revert data and
        // is never sent (Anvil would mine it as reverted).
        if (transaction.gas === undefined) await chainRpc(providerURL, 'eth_estimateGas', [transaction]);
        return chainRpc(providerURL, method, [transaction]);
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
      default:
        return chainRpc(providerURL, method, args);
    }
  }

  return {
    isDemoWallet: true,
    request,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
