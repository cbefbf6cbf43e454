import type { AppConfig } from '../../machines/config/configMachine';
import { readCachedResponse, writeCachedResponse } from './cache';
import { HttpError, NetworkError, RegionBlockedError, ServiceError, isAbortError } from './errors';
import { reportReadFailure } from './offline/answerSource';

export type { AppConfig, EvmConfig } from '../../machines/config/configMachine';

export const API_BASE = '/api/v1';
const CONFIG_CACHE_KEY = 'rest:/api/v1/config';

// Region blocks arrive as 451 (Unavailable For Legal Reasons) or 403 from the geofence.
const REGION_STATUSES = new Set([451, 403]);

async function readErrorBody(response: Response): Promise<{ error?: string; message?: string }> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as { error?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

/** GET/POST JSON under /api/v1; throws RegionBlockedError, HttpError or NetworkError. */
export async function apiRequest<T>(path: string, init: RequestInit & { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    reportReadFailure();
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body = await readErrorBody(response);
    if (REGION_STATUSES.has(response.status)) throw new RegionBlockedError(body.message);
    throw new HttpError(response.status, body.error, body.message ?? `Request failed with status ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The config machine's `fetchConfig`: rejects with a ServiceError, i.e. `{ kind: 'region' | 'general', message }`. */
export async function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    const config = await apiRequest<AppConfig>('/config', { signal });
    await writeCachedResponse(CONFIG_CACHE_KEY, config);
    return config;
  } catch (error) {
    if (error instanceof NetworkError) {
      // Offline: start with the last config we saw, so the cached shell and lists still work.
      const cached = await readCachedResponse<AppConfig>(CONFIG_CACHE_KEY);
      if (cached) return cached;
    }
    if (isAbortError(error) || error instanceof ServiceError) throw error;
    throw new ServiceError('Could not load the configuration.', { kind: 'general', cause: error });
  }
}
