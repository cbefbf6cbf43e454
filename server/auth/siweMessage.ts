// A strict EIP-4361 (Sign-In with Ethereum) message parser: the ABNF's exact line order, one-line statement,
// optional fields only in their order, nothing after the last one. A loose parser finds "URI:" or "Chain ID:"
// lines anywhere, so a second field block injected into a multi-line statement could name another site or chain
// than the one the wallet showed; here anything the grammar does not produce is refused with the reason.
import { checksumAddress } from '../../domain/checksumAddress.js';

export interface SiweFields {
  scheme: string | null;
  domain: string;
  /** As written: EIP-55 checksummed. */
  address: string;
  statement: string | null;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
  requestId: string | null;
  resources: string[];
}

export class SiweFormatError extends Error {
  override name = 'SiweFormatError';
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';

// RFC 3986 character classes.
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
/** authority = [ userinfo "@" ] host [ ":" port ], host an IP literal, an IPv4 address or a reg-name. */
const AUTHORITY = new RegExp(
  `^(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?(?:\\[[0-9A-Fa-f:.]+\\]|\\[v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+\\]|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})+)(?::\\d*)?$`,
);
/** URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]: the scheme and the characters a URI may hold. */
const URI = new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*$`);
/** statement = *( reserved / unreserved / " " ) */
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`);
/** request-id = *pchar */
const REQUEST_ID = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})*$`);
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** chain-id = 1*DIGIT, without leading zeros (031337 is not how a chain id is written). */
const CHAIN_ID = /^(?:0|[1-9]\d{0,15})$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
/** RFC 3339 date-time. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const fail = (reason: string): never => {
  throw new SiweFormatError(reason);
};

/** An RFC 3339 date-time as a Date; every field in range (no 30 February, no leap second: a Date cannot hold one). */
export function parseRfc3339(text: string, field: string): Date {
  const match = DATE_TIME.exec(text);
  if (!match) return fail(`${field} is not an RFC 3339 date-time.`);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [offsetHours, offsetMinutes] = [Number(match[9] ?? 0), Number(match[10] ?? 0)];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Math.floor(Number(`0${match[7] ?? ''}`) * 1000));
  const inRange = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  if (!inRange || offsetHours > 23 || offsetMinutes > 59) return fail(`${field} is not a valid date-time.`);
  const sign = match[8] === '-' ? -1 : 1;
  return new Date(date.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

/** The fields of a message that is exactly EIP-4361's grammar, or a SiweFormatError naming the first departure. */
export function parseSiweMessageStrict(message: string): SiweFields {
  const lines = message.split('\n');
  let index = 0;
  const next = () => lines[index++];
  const field = (prefix: string, what: string): string => {
    const line = next();
    if (line === undefined || !line.startsWith(prefix)) return fail(`Line ${index} must be "${prefix}<${what}>".`);
    return line.slice(prefix.length);
  };

  const header = next()!;
  if (!header.endsWith(HEADER_SUFFIX)) return fail(`The first line must end "${HEADER_SUFFIX.trim()}".`);
  let origin = header.slice(0, -HEADER_SUFFIX.length);
  let scheme: string | null = null;
  const schemeEnd = origin.indexOf('://');
  if (schemeEnd >= 0) {
    scheme = origin.slice(0, schemeEnd);
    if (!SCHEME.test(scheme)) return fail('The scheme is not an RFC 3986 scheme.');
    origin = origin.slice(schemeEnd + 3);
  }
  if (!AUTHORITY.test(origin)) return fail('The domain is not an RFC 3986 authority.');

  const address = next() ?? '';
  if (!ADDRESS.test(address)) return fail('The second line must be a 0x-prefixed 20-byte address.');
  if (checksumAddress(address) !== address) return fail('The address is not in its EIP-55 checksummed form.');
  if (next() !== '') return fail('An empty line must follow the address.');

  // Either an empty line then "URI: ", or a one-line statement, an empty line, then "URI: ".
  let statement: string | null = null;
  if (lines[index] === '' && lines[index + 1]?.startsWith('URI: ')) {
    index += 1;
  } else if (lines[index + 1] === '') {
    statement = next()!;
    if (!STATEMENT.test(statement)) return fail('The statement holds characters EIP-4361 does not allow (one line of RFC 3986 characters).');
    index += 1;
  } else {
    return fail('The statement must be one line followed by an empty line.');
  }

  const uri = field('URI: ', 'uri');
  if (!URI.test(uri)) return fail('The URI is not an RFC 3986 URI.');
  if (field('Version: ', 'version') !== '1') return fail('The version must be 1.');
  const chainText = field('Chain ID: ', 'chain id');
  if (!CHAIN_ID.test(chainText)) return fail('The chain id must be a number without leading zeros.');
  const nonce = field('Nonce: ', 'nonce');
  if (!NONCE.test(nonce)) return fail('The nonce must be at least 8 letters or digits.');
  const issuedAt = parseRfc3339(field('Issued At: ', 'date-time'), 'Issued At');

  const optional = (prefix: string) => (lines[index]?.startsWith(prefix) ? next()!.slice(prefix.length) : null);
  const expirationText = optional('Expiration Time: ');
  const notBeforeText = optional('Not Before: ');
  const requestId = optional('Request ID: ');
  if (requestId !== null && !REQUEST_ID.test(requestId)) return fail('The request id holds characters EIP-4361 does not allow.');
  const resources: string[] = [];
  if (lines[index] === 'Resources:') {
    index += 1;
    while (index < lines.length && lines[index]!.startsWith('- ')) {
      const resource = next()!.slice(2);
      if (!URI.test(resource)) return fail('A resource is not an RFC 3986 URI.');
      resources.push(resource);
    }
  }
  if (index < lines.length) return fail(`Line ${index + 1} is not where EIP-4361 allows it (nothing may follow the last field).`);

  return {
    scheme,
    domain: origin,
    address,
    statement,
    uri,
    version: '1',
    chainId: Number(chainText),
    nonce,
    issuedAt,
    expirationTime: expirationText === null ? null : parseRfc3339(expirationText, 'Expiration Time'),
    notBefore: notBeforeText === null ? null : parseRfc3339(notBeforeText, 'Not Before'),
    requestId,
    resources,
  };
}
