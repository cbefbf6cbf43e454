import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';

/** The account as the server sends it (GET/POST/PUT /api/v1/account…). */
export interface ServerAccount extends Omit<WalletAccount, 'isBanned' | 'isCreator'> {
  isBanned?: boolean;
  isCreator?: boolean;
}

export function toWalletAccount(account: ServerAccount): WalletAccount {
  return { ...account, isCreator: account.isCreator === true, isBanned: account.isBanned === true };
}
