// Offline EIP-4361 (SIWE) verification: a strict parse (siweMessage.ts), each field checked with a specific message,
// then viem recovers the signer (loaded with the first sign-in: viem's modules are most of the server's start).
import type { Hex } from 'viem';
import { ApiError } from '../http/errors.js';
import { parseSiweMessageStrict, SiweFormatError, type SiweFields } from './siweMessage.js';

/** How far a message's Issued At may be from the server's clock (either way) by default. */
export const DEFAULT_ISSUED_AT_SKEW_MS = 5 * 60_000;

export interface VerifiedLogin {
  /** Lower-case signer address. */
  address: string;
  nonce: string;
  chainId: number;
  expirationTime: Date | null;
}

export interface VerifyLoginOptions {
  message: string;
  signature: Hex;
  /** Hosts (authority, e.g. "localhost:8787") the message may name as its domain: from configuration, never from a request header. */
  domains: readonly string[];
  /** Configured chain ids. */
  chainIds: readonly number[];
  now?: Date;
  /** How far Issued At may be from `now`, either way (default 5 minutes). */
  issuedAtSkewMs?: number;
}

const unauthorized = (code: string, message: string) => new ApiError(401, code, message);

/** Everything that needs no database: throws a 401 ApiError naming the first failed check. */
export async function verifyLoginMessage({ message, signature, domains, chainIds, now = new Date(), issuedAtSkewMs = DEFAULT_ISSUED_AT_SKEW_MS }: VerifyLoginOptions): Promise<VerifiedLogin> {
  let fields: SiweFields;
  try {
    fields = parseSiweMessageStrict(message);
  } catch (error) {
    if (!(error instanceof SiweFormatError)) throw error;
    throw unauthorized('invalid_message', `The login message is not a valid sign-in message: ${error.message}`);
  }
  if (!domains.includes(fields.domain)) {
    throw unauthorized('wrong_domain', `The login message is for ${fields.domain}, not this site.`);
  }
  if (!uriMatchesDomain(fields.uri, fields.domain) || (fields.scheme !== null && !fields.uri.startsWith(`${fields.scheme}://`))) {
    throw unauthorized('wrong_uri', `The login message's URI ${fields.uri} is not on ${fields.domain}.`);
  }
  if (!chainIds.includes(fields.chainId)) {
    throw unauthorized('wrong_chain', `Chain ${fields.chainId} is not supported here.`);
  }
  if (fields.expirationTime && !(now < fields.expirationTime)) {
    throw unauthorized('message_expired', 'The login message has expired.');
  }
  if (fields.notBefore && !(now >= fields.notBefore)) {
    throw unauthorized('message_not_yet_valid', 'The login message is not valid yet.');
  }
  if (Math.abs(fields.issuedAt.getTime() - now.getTime()) > issuedAtSkewMs) {
    const minutes = Math.round(issuedAtSkewMs / 60_000);
    throw unauthorized('wrong_issued_at', `The login message's Issued At is more than ${minutes} minute${minutes === 1 ? '' : 's'} from the server's time. Check the device's clock and sign in again.`);
  }
  let signerMatches = false;
  try {
    const { verifyMessage } = await import('viem');
    signerMatches = await verifyMessage({ address: fields.address as Hex, message, signature });
  } catch {
    signerMatches = false; // malformed signature bytes
  }
  if (!signerMatches) throw unauthorized('bad_signature', 'The signature does not match the login message address.');
  return {
    address: fields.address.toLowerCase(),
    nonce: fields.nonce,
    chainId: fields.chainId,
    expirationTime: fields.expirationTime ?? null,
  };
}

/** The message's URI must be a page of the domain it names (EIP-4361: the URI is the resource signed in to). */
function uriMatchesDomain(uri: string, domain: string): boolean {
  try {
    const url = new URL(uri);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === domain && !url.username && !url.password;
  } catch {
    return false;
  }
}
