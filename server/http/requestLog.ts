// A count of every request the server receives, for the offline end-to-end tests (offline-first): they assert that a page
// opened offline caused no request at all (the page's `context.setOffline` does not cut a service worker's fetches,
// so only the server can tell). On only with E2E_REQUEST_LOG=1; without it the route does not exist (404).
import type { Hono, MiddlewareHandler } from 'hono';

/** The route tests read; itself never counted. */
export const REQUEST_LOG_PATH = '/api/v1/__test/requests';

/** Requests kept: the oldest go first (a test reads only what came after its own cursor). */
const MAX_LOGGED = 20_000;

export interface LoggedRequest {
  /** 1, 2, 3…: a test passes the last one it saw as `since`. */
  seq: number;
  method: string;
  path: string;
  /** Epoch ms when the server received it. */
  at: number;
}

export interface RequestLog {
  /** Counts every request but the log's own route. */
  middleware: MiddlewareHandler;
  /** GET ?since=N: the requests after seq N and `last` (the newest seq); DELETE: empties it (seq goes on). */
  mount(app: Hono): void;
}

export function createRequestLog(): RequestLog {
  const entries: LoggedRequest[] = [];
  let seq = 0;
  return {
    middleware: async (c, next) => {
      if (c.req.path !== REQUEST_LOG_PATH) {
        seq += 1;
        entries.push({ seq, method: c.req.method, path: c.req.path, at: Date.now() });
        if (entries.length > MAX_LOGGED) entries.splice(0, entries.length - MAX_LOGGED);
      }
      await next();
    },
    mount(app) {
      app.get(REQUEST_LOG_PATH, (c) => {
        const since = Number(c.req.query('since') ?? 0);
        const after = Number.isFinite(since) ? since : 0;
        return c.json({ last: seq, requests: entries.filter((entry) => entry.seq > after) });
      });
      app.delete(REQUEST_LOG_PATH, (c) => {
        entries.length = 0;
        return c.json({ last: seq });
      });
    },
  };
}
