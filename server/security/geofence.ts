// The geofence (docs/requirements.md#shell-routes): the server refuses clients from configured countries. The country comes only from a request
// header a trusted proxy sets (e.g. Cloudflare's cf-ipcountry), and only when that header is configured: without
// GEOFENCE_COUNTRY_HEADER a client could name any country, so nothing is refused.
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../http/errors.js';

export interface GeofenceConfig {
  /** Upper-case ISO 3166-1 alpha-2 codes refused (BLOCKED_COUNTRIES, comma-separated). */
  blockedCountries: string[];
  /** The header the trusted proxy puts the client's country in (GEOFENCE_COUNTRY_HEADER); null: not trusted. */
  countryHeader: string | null;
}

export const REGION_BLOCKED_MESSAGE = 'The marketplace is not available in your region.';

/** BLOCKED_COUNTRIES="XX, yy" → ['XX', 'YY']; anything but two letters is a configuration error. */
export function parseBlockedCountries(value: string | undefined): string[] {
  const codes = (value ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const invalid = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
  if (invalid.length > 0) throw new Error(`Invalid server environment:\nBLOCKED_COUNTRIES: not two-letter country codes: ${invalid.join(', ')}`);
  return codes;
}

export function loadGeofenceConfig(env: Record<string, string | undefined>): GeofenceConfig {
  const header = env.GEOFENCE_COUNTRY_HEADER?.trim().toLowerCase();
  return { blockedCountries: parseBlockedCountries(env.BLOCKED_COUNTRIES), countryHeader: header ? header : null };
}

/** The country the trusted header names (upper-case), or null when none is configured or sent. */
export function clientCountry(header: (name: string) => string | undefined, config: GeofenceConfig): string | null {
  if (!config.countryHeader) return null;
  const value = header(config.countryHeader)?.trim().toUpperCase();
  return value ? value : null;
}

/** 451 Unavailable For Legal Reasons for a refused country: the app's config request sends the user to the geofence page. */
/** Is the request's region one the API refuses? (`header` reads the request's headers.) */
export function regionRefused(config: GeofenceConfig): (header: (name: string) => string | undefined) => boolean {
  const blocked = new Set(config.blockedCountries);
  return (header) => {
    const country = blocked.size > 0 ? clientCountry(header, config) : null;
    return country !== null && blocked.has(country);
  };
}

export function geofence(config: GeofenceConfig): MiddlewareHandler {
  const refused = regionRefused(config);
  return async (c, next) => {
    if (refused((name) => c.req.header(name))) return errorResponse(c, 451, 'region_blocked', REGION_BLOCKED_MESSAGE);
    await next();
  };
}
