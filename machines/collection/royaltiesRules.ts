// The creator's royalties controls (docs/requirements.md#collection-page): the collection's creator reduces its royalties and transfers the royalties
// recipient. Royalties are whole basis points (docs/requirements.md#collection-page: 100 = 1%), studio's messages for the range (docs/requirements.md#studio-details-form);
// the contract refuses a raise (RoyaltiesCannotIncrease) and the zero address (InvalidAddress).
import { ROYALTIES_INTEGER_MESSAGE, ROYALTIES_MINIMUM_MESSAGE } from '../../domain/studioRules';
import { isZeroAddress } from '../../domain/address';

export const ROYALTIES_ONLY_REDUCED_MESSAGE = 'Royalties can only be reduced';
export const INVALID_RECIPIENT_MESSAGE = 'Enter a valid address';
export const SAME_RECIPIENT_MESSAGE = 'This address already receives the royalties';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The new royalties as typed: null when valid (a whole number from 0 to below the current rate), else the message. */
export function reducedRoyaltiesError(text: string, current: number): string | null {
  const value = text.trim();
  if (value === '' || Number(value) < 0) return ROYALTIES_MINIMUM_MESSAGE;
  if (!/^\d+$/.test(value)) return ROYALTIES_INTEGER_MESSAGE;
  if (Number(value) >= current) return ROYALTIES_ONLY_REDUCED_MESSAGE;
  return null;
}

/** The new recipient as typed: null when it is a non-zero address other than the current one, else the message. */
export function recipientError(text: string, current: string): string | null {
  const value = text.trim();
  if (!ADDRESS.test(value) || isZeroAddress(value)) return INVALID_RECIPIENT_MESSAGE;
  if (value.toLowerCase() === current.toLowerCase()) return SAME_RECIPIENT_MESSAGE;
  return null;
}

/** Basis points as a percentage for display: 250 → "2.5%". */
export const royaltiesPercent = (basispoints: number): string => `${Number((basispoints / 100).toFixed(2))}%`;
