// Strict SIWE parsing: EIP-4361's own example messages and the app's message builder are accepted; messages a
// loose parser took (a multi-line statement, a second field block injected into the statement, junk after the
// fields, a chain id with a leading zero, an address not in EIP-55 form) are refused; Issued At must be within
// 5 minutes of the server's clock; the Vite dev origins sign in only with NODE_ENV=development.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLoginMessage } from '../../server/auth/siwe.js';
import { parseSiweMessageStrict, SiweFormatError } from '../../server/auth/siweMessage.js';
import { authNonces } from '../../server/db/schema.js';
import { loadSecurityConfig } from '../../server/security/config.js';
import { ALICE, CHAIN_ID, DOMAIN, getNonce, loginBody, postLogin, rowCounts, type TestServer } from './authFixtures.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const MINUTE = 60_000;

// ERC-4361 "Examples", verbatim (ethereum/ERCs, ERCS/erc-4361.md): an implicit scheme, an explicit port, an
// explicit scheme.
const EIP_BODY = `0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`;
const EIP_EXAMPLES = {
  'implicit scheme': `example.com wants you to sign in with your Ethereum account:\n${EIP_BODY}`,
  'implicit scheme and explicit port': `example.com:3388 wants you to sign in with your Ethereum account:\n${EIP_BODY}`,
  'explicit scheme': `https://example.com wants you to sign in with your Ethereum account:\n${EIP_BODY}`,
};

/** A valid message for the test server, as the app builds it (viem's createSiweMessage, the app's statement). */
const APP_STATEMENT = /LOGIN_STATEMENT = '([^']+)'/.exec(readFileSync(join(import.meta.dirname, '../../src/services/wallet/signLogin.ts'), 'utf8'))![1]!;
function appMessage(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, now = Date.now()) {
  return createSiweMessage({
    domain: DOMAIN,
    uri: `http://${DOMAIN}`,
    address: ALICE.address,
    chainId: CHAIN_ID,
    nonce: 'abcdef0123456789abcdef0123456789',
    version: '1',
    statement: APP_STATEMENT,
    issuedAt: new Date(now),
    expirationTime: new Date(now + 10 * MINUTE),
    ...overrides,
  });
}

const refusal = (message: string) => {
  try {
    parseSiweMessageStrict(message);
  } catch (error) {
    if (error instanceof SiweFormatError) return error.message;
    throw error;
  }
  return null;
};

/** The malformed set, with the reason each is refused (viem's parseSiweMessage read fields from every one). */
function malformed(now = Date.now()): Record<string, [message: string, reason: RegExp]> {
  const valid = appMessage({}, now);
  const lines = valid.split('\n');
  const iso = new Date(now).toISOString();
  return {
    'a multi-line statement': [valid.replace(APP_STATEMENT, `${APP_STATEMENT}\nSecond line of the statement.`), /statement must be one line/],
    // The block after the statement is the one the wallet shows last; the injected one sits in the statement.
    'a second field block injected into the statement': [[
      lines[0],
      lines[1],
      '',
      'Sign in.',
      `URI: http://${DOMAIN}`,
      'Version: 1',
      `Chain ID: ${CHAIN_ID}`,
      'Nonce: abcdef0123456789abcdef0123456789',
      `Issued At: ${iso}`,
      '',
      'URI: https://evil.example/',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: abcdef0123456789abcdef0123456789',
      `Issued At: ${iso}`,
    ].join('\n'), /statement must be one line/],
    'junk after the fields': [`${valid}\nhello`, /nothing may follow/],
    'a trailing line break': [`${valid}\n`, /nothing may follow/],
    'Chain ID: 031337': [valid.replace(`Chain ID: ${CHAIN_ID}`, `Chain ID: 0${CHAIN_ID}`), /without leading zeros/],
    'an all-lower-case address': [valid.replace(ALICE.address, ALICE.address.toLowerCase()), /EIP-55/],
    'an address with a wrong checksum': [valid.replace(ALICE.address, `${ALICE.address.slice(0, -1)}${ALICE.address.slice(-1) === 'a' ? 'A' : 'a'}`), /EIP-55/],
    'CRLF line ends': [valid.replaceAll('\n', '\r\n'), /first line must end/],
    'Not Before ahead of Expiration Time (out of order)': [`${lines.slice(0, -1).join('\n')}\nNot Before: ${iso}\n${lines.at(-1)}`, /nothing may follow/],
    'Version: 2': [valid.replace('Version: 1', 'Version: 2'), /version must be 1/],
    'a 7-character nonce': [valid.replace('Nonce: abcdef0123456789abcdef0123456789', 'Nonce: abc1234'), /nonce must be at least 8/],
    'an Issued At that is no date (30 February)': [valid.replace(/Issued At: \S+/, 'Issued At: 2026-02-30T10:00:00Z'), /Issued At is not a valid date-time/],
    'an Issued At without a time zone': [valid.replace(/Issued At: \S+/, `Issued At: ${iso.slice(0, -1)}`), /Issued At is not an RFC 3339 date-time/],
    'no empty line after the address': [valid.replace(`${ALICE.address}\n\n`, `${ALICE.address}\n`), /empty line must follow the address/],
    'a statement with a control character': [valid.replace(APP_STATEMENT, 'Sign in\tnow.'), /statement holds characters/],
    'a domain with a space': [valid.replace(`${DOMAIN} wants`, `${DOMAIN} evil wants`), /not an RFC 3986 authority/],
  };
}

describe('parseSiweMessageStrict (unit)', () => {
  it.each(Object.entries(EIP_EXAMPLES))("accepts EIP-4361's example with %s", (_name, message) => {
    const fields = parseSiweMessageStrict(message);
    expect(fields).toMatchObject({
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 1,
      nonce: '32891756',
      expirationTime: null,
      notBefore: null,
      requestId: null,
      resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://example.com/my-web2-claim.json'],
    });
    expect(fields.issuedAt.toISOString()).toBe('2021-09-30T16:25:24.000Z');
    expect([fields.scheme, fields.domain]).toEqual(
      message.startsWith('https://') ? ['https', 'example.com'] : [null, message.startsWith('example.com:3388') ? 'example.com:3388' : 'example.com'],
    );
  });

  it("accepts the app's own message (viem's createSiweMessage with the app's statement), and every optional field in order", () => {
    expect(parseSiweMessageStrict(appMessage())).toMatchObject({ domain: DOMAIN, address: ALICE.address, statement: APP_STATEMENT, chainId: CHAIN_ID });
    const now = Date.now();
    const full = appMessage({ statement: undefined, notBefore: new Date(now - MINUTE), requestId: 'req-1%20a', resources: ['https://example.com/a', 'ipfs://bafy/'] }, now);
    expect(parseSiweMessageStrict(full)).toMatchObject({ statement: null, requestId: 'req-1%20a', resources: ['https://example.com/a', 'ipfs://bafy/'] });
    expect(parseSiweMessageStrict(full).notBefore?.getTime()).toBe(now - MINUTE);
  });

  it('reads RFC 3339 offsets and fractions', () => {
    const message = appMessage().replace(/Issued At: \S+/, 'Issued At: 2021-09-30T18:25:24.5+02:00');
    expect(parseSiweMessageStrict(message).issuedAt.toISOString()).toBe('2021-09-30T16:25:24.500Z');
  });

  it.each(Object.entries(malformed()))('refuses %s', (_name, [message, reason]) => {
    expect(refusal(message)).toMatch(reason);
  });
});

describe('verifyLoginMessage: Issued At within 5 minutes of the server clock', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const verify = async (issuedAt: Date) => {
    const message = appMessage({ issuedAt, expirationTime: new Date(now.getTime() + 10 * MINUTE) }, now.getTime());
    const signature = await ALICE.signMessage({ message });
    return verifyLoginMessage({ message, signature, domains: [DOMAIN], chainIds: [CHAIN_ID], now }).then(
      (login) => login.address,
      (error: { code?: string }) => error.code,
    );
  };

  it('4 minutes either way is accepted; 6 minutes, or the year 2999, is wrong_issued_at', async () => {
    const at = (offset: number) => new Date(now.getTime() + offset);
    expect(await verify(at(-4 * MINUTE))).toBe(ALICE.address.toLowerCase());
    expect(await verify(at(4 * MINUTE))).toBe(ALICE.address.toLowerCase());
    expect(await verify(at(-6 * MINUTE))).toBe('wrong_issued_at');
    expect(await verify(at(6 * MINUTE))).toBe('wrong_issued_at');
    expect(await verify(new Date('2999-01-01T00:00:00Z'))).toBe('wrong_issued_at');
  });

  it("EIP-4361's example verifies at its own Issued At (its domain and chain configured): only the clock is the server's", async () => {
    const message = EIP_EXAMPLES['implicit scheme'];
    const result = await verifyLoginMessage({ message, signature: await ALICE.signMessage({ message }), domains: ['example.com'], chainIds: [1], now: new Date('2021-09-30T16:26:00Z') }).catch((error: { code?: string }) => error.code);
    // Parsed and checked field by field down to the signature, which Alice did not make for that address.
    expect(result).toBe('bad_signature');
  });
});

describe('the Vite dev origins (port 5173)', () => {
  it('are default sign-in domains only with NODE_ENV=development', () => {
    expect(loadSecurityConfig({}, 8787).appDomains).toEqual(['127.0.0.1:8787', 'localhost:8787']);
    expect(loadSecurityConfig({ NODE_ENV: 'production' }, 8787).appDomains).toEqual(['127.0.0.1:8787', 'localhost:8787']);
    expect(loadSecurityConfig({ NODE_ENV: 'development' }, 8787).appDomains).toEqual(['127.0.0.1:8787', 'localhost:8787', '127.0.0.1:5173', 'localhost:5173']);
    expect(loadSecurityConfig({ NODE_ENV: 'development', APP_DOMAIN: 'market.example' }, 8787).appDomains).toEqual(['market.example']);
  });

  it('npm run dev starts the server with NODE_ENV=development', () => {
    const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.dev).toMatch(/scripts\/start\.ts --dev/);
    expect(readFileSync(join(import.meta.dirname, '../../scripts/start.ts'), 'utf8')).toMatch(/NODE_ENV: 'development'/);
  });
});

// PGlite only: the parse and the checks happen before the database; what the database shows is that nothing was
// written and the nonce was not spent, the same on both.
describe('sign-in through the server', () => {
  let database: TestDatabase;
  let server: TestServer;
  let development: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await buildTestServer(database.db, { APP_DOMAIN: '', PORT: '8787' });
    development = await buildTestServer(database.db, { APP_DOMAIN: '', PORT: '8787', NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await database?.close();
  });

  const attempt = async (target: TestServer, message: string) => {
    const signature = await ALICE.signMessage({ message });
    const body = { message, signature, apiKey: { address: ALICE.address, alias: '', expires: Date.now() + 3_600_000 } };
    const before = await rowCounts(database.db);
    const response = await postLogin(target, body);
    const answer = { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
    if (answer.status !== 200) expect(await rowCounts(database.db)).toEqual(before);
    return answer;
  };
  const messageFor = async (target: TestServer, domain: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    appMessage({ domain, uri: `http://${domain}/explore`, nonce: (await getNonce(target)).nonce, ...overrides });

  it('a signed message with a field block injected into its statement is a 401 invalid_message; its nonce stays unspent', async () => {
    const { nonce } = await getNonce(server);
    const iso = new Date().toISOString();
    const message = [
      `localhost:8787 wants you to sign in with your Ethereum account:`,
      ALICE.address,
      '',
      'Sign in.',
      'URI: http://localhost:8787/',
      'Version: 1',
      `Chain ID: ${CHAIN_ID}`,
      `Nonce: ${nonce}`,
      `Issued At: ${iso}`,
      '',
      'URI: https://evil.example/',
      'Version: 1',
      'Chain ID: 1',
      `Nonce: ${nonce}`,
      `Issued At: ${iso}`,
    ].join('\n');
    const { status, body } = await attempt(server, message);
    expect([status, body.error]).toEqual([401, 'invalid_message']);
    expect(body.message).toMatch(/^The login message is not a valid sign-in message: /);
    const [row] = await database.db.select().from(authNonces).where(eq(authNonces.nonce, nonce));
    expect(row?.usedAt).toBeNull();
  });

  it('Issued At in 2999 is a 401 wrong_issued_at', async () => {
    const message = await messageFor(server, 'localhost:8787', { issuedAt: new Date('2999-01-01T00:00:00Z'), expirationTime: new Date('2999-01-01T00:10:00Z') });
    const { status, body } = await attempt(server, message);
    expect([status, body.error]).toEqual([401, 'wrong_issued_at']);
    expect(body.message).toBe("The login message's Issued At is more than 5 minutes from the server's time. Check the device's clock and sign in again.");
  });

  it('a message for the Vite dev origin signs in only on a development server', async () => {
    const refused = await attempt(server, await messageFor(server, 'localhost:5173'));
    expect([refused.status, refused.body.error]).toEqual([401, 'wrong_domain']);
    expect((await attempt(development, await messageFor(development, 'localhost:5173'))).status).toBe(200);
    // The server's own port signs in everywhere, with the app's message.
    expect((await attempt(server, await messageFor(server, 'localhost:8787'))).status).toBe(200);
    expect((await postLogin(server, await loginBody(server, ALICE, { message: { domain: 'localhost:8787', uri: 'http://localhost:8787' } }))).status).toBe(200);
  });
});
