import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.js';
import { ALICE, login } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

// See docs/requirements.md#shell-routes geofence (BLOCKED_COUNTRIES read from a trusted proxy's header) and the API key lifetime setting.

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('geofence and API key lifetime on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a blocked country named by the trusted header gets 451 on the API and GraphQL; others pass', async () => {
    const server = await buildTestServer(database.db, { BLOCKED_COUNTRIES: 'XX, yy', GEOFENCE_COUNTRY_HEADER: 'CF-IPCountry' });
    const blocked = await server.app.request('/api/v1/config', { headers: { 'cf-ipcountry': 'XX' } });
    expect(blocked.status).toBe(451);
    expect(await blocked.json()).toEqual({ error: 'region_blocked', message: 'The marketplace is not available in your region.' });
    expect((await server.app.request('/api/v1/config', { headers: { 'cf-ipcountry': 'yy' } })).status).toBe(451);
    const graphql = await server.app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'cf-ipcountry': 'XX' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.status).toBe(451);
    expect((await server.app.request('/api/v1/config', { headers: { 'cf-ipcountry': 'FR' } })).status).toBe(200);
    expect((await server.app.request('/api/v1/config')).status).toBe(200);
    // The app shell itself still loads: the app shows the geofence page from the config's 451.
    expect((await server.app.request('/', { headers: { 'cf-ipcountry': 'XX' } })).status).toBe(200);
  });

  it('without a configured trusted header the country header is the client\'s own claim and is ignored', async () => {
    const server = await buildTestServer(database.db, { BLOCKED_COUNTRIES: 'XX' });
    expect(server.config.security.geofence).toEqual({ blockedCountries: ['XX'], countryHeader: null });
    expect((await server.app.request('/api/v1/config', { headers: { 'cf-ipcountry': 'XX' } })).status).toBe(200);
    // Another header than the configured one is not trusted either.
    const trusted = await buildTestServer(database.db, { BLOCKED_COUNTRIES: 'XX', GEOFENCE_COUNTRY_HEADER: 'x-country' });
    expect((await trusted.app.request('/api/v1/config', { headers: { 'cf-ipcountry': 'XX' } })).status).toBe(200);
    expect((await trusted.app.request('/api/v1/config', { headers: { 'x-country': 'xx' } })).status).toBe(451);
  });

  it('nothing is blocked by default, and an invalid country code is a configuration error', () => {
    expect(loadServerConfig({}).security.geofence).toEqual({ blockedCountries: [], countryHeader: null });
    expect(() => loadServerConfig({ BLOCKED_COUNTRIES: 'XX,France' })).toThrow(/BLOCKED_COUNTRIES: not two-letter country codes: FRANCE/);
  });

  it('a login gets a key of at most API_KEY_MAX_TTL_MS (default 24 h)', async () => {
    const short = await buildTestServer(database.db, { API_KEY_MAX_TTL_MS: String(5 * MINUTE) });
    const before = Date.now();
    const { apiKey } = await login(short, ALICE);
    expect(apiKey.expires).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(apiKey.expires).toBeLessThanOrEqual(Date.now() + 5 * MINUTE);
    // A key asked for a shorter life keeps it.
    const { apiKey: asked } = await login(short, ALICE, { apiKey: { expires: before + 3 * MINUTE } });
    expect(asked.expires).toBe(before + 3 * MINUTE);

    const standard = await buildTestServer(database.db);
    expect(standard.config.security.apiKeyMaxTtlMs).toBe(24 * 60 * MINUTE);
    const { apiKey: longest } = await login(standard, ALICE, { apiKey: { expires: Date.now() + 48 * 60 * MINUTE } });
    expect(longest.expires).toBeLessThanOrEqual(Date.now() + 24 * 60 * MINUTE);
    expect(longest.expires).toBeGreaterThan(Date.now() + 24 * 60 * MINUTE - MINUTE);
  });

  it('API_KEY_MAX_TTL_MS must be between a minute and 24 hours', () => {
    expect(() => loadServerConfig({ API_KEY_MAX_TTL_MS: '1000' })).toThrow(/API_KEY_MAX_TTL_MS/);
    expect(() => loadServerConfig({ API_KEY_MAX_TTL_MS: String(25 * 60 * MINUTE) })).toThrow(/API_KEY_MAX_TTL_MS/);
  });
});
