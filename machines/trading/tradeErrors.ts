import { MINIMUM_PRICE_MESSAGE } from '../../domain/messages';
import { walkErrorChain, walletErrorKind, walletErrorMessage } from '../wallet/constants';
import { ALREADY_OWNED_MESSAGE } from './tradeRules';

// See docs/requirements.md#trading-offers: wallet errors use the catalogue; chain action errors show the message, reason or error text
// with a code and source 'chain'.
export interface TradeError {
  message: string;
  code: string | number | null;
  /** 'server': the trade check (POST /api/v1/trade/check) refused the action before the wallet was asked. */
  source: 'wallet' | 'chain' | 'server';
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

// Names viem gives a contract revert (simulation, estimate or call).
const REVERT_NAMES = ['ContractFunctionRevertedError', 'ChainRevertError'];

// The Marketplace's trading-rule errors (trading and the dashboard) read as the same messages the UI and the server show.
export const REVERT_MESSAGES: Readonly<Record<string, string>> = {
  InvalidPrice: MINIMUM_PRICE_MESSAGE,
  AlreadyOwner: ALREADY_OWNED_MESSAGE,
};

/** A revert the services found (e.g. a receipt with status reverted) or viem decoded: the chain's own text. */
function chainError(error: unknown): TradeError | null {
  for (const link of walkErrorChain(error)) {
    if (field(link, 'source') === 'chain') {
      return { message: text(field(link, 'message')) ?? 'Transaction reverted', code: (field(link, 'code') as string | number | undefined) ?? null, source: 'chain' };
    }
    if (REVERT_NAMES.includes(field(link, 'name') as string)) {
      const data = field(link, 'data');
      const errorName = text(field(data, 'errorName'));
      const message = text(field(link, 'reason')) ?? (errorName ? REVERT_MESSAGES[errorName] : undefined) ?? errorName ?? text(field(link, 'shortMessage')) ?? text(field(link, 'message')) ?? 'Transaction reverted';
      return { message, code: errorName ?? 'CALL_EXCEPTION', source: 'chain' };
    }
  }
  return null;
}

/** The trade check's refusal (an error with source 'server'): the server's own message and code. */
function serverError(error: unknown): TradeError | null {
  const link = walkErrorChain(error).find((item) => field(item, 'source') === 'server');
  if (!link) return null;
  return { message: text(field(link, 'message')) ?? walletErrorMessage(error), code: (field(link, 'code') as string | undefined) ?? null, source: 'server' };
}

/**
 * What a failed step shows: the server check's message, a known wallet condition from the catalogue, else a
 * revert's text, else the catalogue's fallback.
 */
export function tradeErrorOf(error: unknown): TradeError {
  const refused = serverError(error);
  if (refused) return refused;
  const kind = walletErrorKind(error);
  if (kind !== 'unknown' && kind !== 'unpredictableGasLimit') return { message: walletErrorMessage(error), code: kind, source: 'wallet' };
  return chainError(error) ?? { message: walletErrorMessage(error), code: kind, source: 'wallet' };
}
