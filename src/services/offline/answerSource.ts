// Where each read's answer came from (offline-first): the network, or the service worker's stored copy (marked with
// STORED_ANSWER_HEADER). The data layer (graphql.ts, api.ts) reports every answer; the app's connectivity actor
// listens, so buy, offer, accept and list stay disabled while anything on screen is a stored copy, and the status
// says how old it is.

export interface AnswerReport {
  /** The read: operation (or GET path) and its variables, e.g. `getTokenFromHolding:{"id":"…"}`. */
  key: string;
  /** The stored copy's fetch time (epoch ms); null when the server answered now. */
  storedAt: number | null;
}

type Listener = (report: AnswerReport) => void;
const listeners = new Set<Listener>();

export function reportAnswer(report: AnswerReport): void {
  for (const listener of listeners) listener(report);
}

/** Listens to every answer report; returns the unsubscribe. */
export function onAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored copy's fetch time from a response's STORED_ANSWER_HEADER, or null for a network answer. */
export function storedAtOf(headers: Pick<Headers, 'get'>, headerName: string): number | null {
  const value = headers.get(headerName);
  if (value === null) return null;
  const at = Number(value);
  return Number.isFinite(at) && at > 0 ? at : null;
}

// Added by the connectivity status: a read that got no answer at all (network error, not an HTTP error) tells the
// connectivity actor the server cannot be reached, also before the service worker controls the page.
type FailureListener = () => void;
const failureListeners = new Set<FailureListener>();

/** The data layer calls this when a read got no answer (fetch rejected; aborts excluded). */
export function reportReadFailure(): void {
  for (const listener of failureListeners) listener();
}

/** Listens to reads that got no answer; returns the unsubscribe. */
export function onReadFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}
