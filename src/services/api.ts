import type { AppConfig } from '../../machines/config/configMachine';
import { STORED_ANSWER_HEADER } from '../offline/protocol';
import { HttpError, NetworkError, RegionBlockedError, ServiceError, isAbortError } from './errors';
import { reportAnswer, reportReadFailure, storedAtOf } from './offline/answerSource';
import { recordRead } from './offline/firstReads';

export type { AppConfig, EvmConfig } from '../../machines/config/configMachine';

export const API_BASE = '/api/v1';

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

/**
 * GET/POST JSON under /api/v1; throws RegionBlockedError, HttpError or NetworkError. Offline, the service worker
 * answers a GET from its stored copy; every GET answer is reported to the answer-source bus.
 */
export async function apiRequest<T>(path: string, init: RequestInit & { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  const request = { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers } };
  // A GET before the worker controls the page is handed to it once it does (firstReads.ts).
  if ((init.method ?? 'GET').toUpperCase() === 'GET') recordRead(`${API_BASE}${path}`, request);
  try {
    response = await fetch(`${API_BASE}${path}`, request);
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
  const answer = (await response.json()) as T;
  if ((init.method ?? 'GET').toUpperCase() === 'GET') reportAnswer({ key: `${API_BASE}${path}`, storedAt: storedAtOf(response.headers, STORED_ANSWER_HEADER) });
  return answer;
}

/** The config machine's `fetchConfig`: rejects with a ServiceError, i.e. `{ kind: 'region' | 'general', message }`. */
export async function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    // Offline, the service worker answers with the last config it stored, so the cached shell and lists still work.
    return await apiRequest<AppConfig>('/config', { signal });
  } catch (error) {
    if (isAbortError(error) || error instanceof ServiceError) throw error;
    throw new ServiceError('Could not load the configuration.', { kind: 'general', cause: error });
  }
}
