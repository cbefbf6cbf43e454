import { walkErrorChain, walletErrorKind, walletErrorMessage } from '../wallet/constants';

// Seed 000 §8: wallet errors use the catalogue; chain action errors show the message, reason or error text
// with a code and source 'chain'.
export interface TradeError {
  message: string;
  code: string | number | null;
  source: 'wallet' | 'chain';
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

// Names viem gives a contract revert (simulation, estimate or call).
const REVERT_NAMES = ['ContractFunctionRevertedError', 'ChainRevertError'];

/** A revert the services found (e.g. a receipt with status reverted) or viem decoded: the chain's own text. */
function chainError(error: unknown): TradeError | null {
  for (const link of walkErrorChain(error)) {
    if (field(link, 'source') === 'chain') {
      return { message: text(field(link, 'message')) ?? 'Transaction reverted', code: (field(link, 'code') as string | number | undefined) ?? null, source: 'chain' };
    }
    if (REVERT_NAMES.includes(field(link, 'name') as string)) {
      const data = field(link, 'data');
      const errorName = text(field(data, 'errorName'));
      const message = text(field(link, 'reason')) ?? errorName ?? text(field(link, 'shortMessage')) ?? text(field(link, 'message')) ?? 'Transaction reverted';
      return { message, code: errorName ?? 'CALL_EXCEPTION', source: 'chain' };
    }
  }
  return null;
}

/** What a failed step shows: a known wallet condition from the catalogue, else a revert's text, else the catalogue's fallback. */
export function tradeErrorOf(error: unknown): TradeError {
  const kind = walletErrorKind(error);
  if (kind !== 'unknown' && kind !== 'unpredictableGasLimit') return { message: walletErrorMessage(error), code: kind, source: 'wallet' };
  return chainError(error) ?? { message: walletErrorMessage(error), code: kind, source: 'wallet' };
}
