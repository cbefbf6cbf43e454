import type { AccountAnswer } from '../../../domain/contracts/account';
import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';

/** The account as the server sends it (GET/POST/PUT /api/v1/account…): its contract's (domain/contracts/account.ts). */
export type ServerAccount = AccountAnswer;

export function toWalletAccount(account: ServerAccount): WalletAccount {
  return { ...account, isCreator: account.isCreator === true, isBanned: account.isBanned === true };
}
