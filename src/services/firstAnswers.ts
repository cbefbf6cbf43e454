// The answers the server put in the page for the route's first reads (server/http/firstAnswers.ts, the phone-performance work): a read
// the app sends while the page is fresh takes its answer from there once, as if the server had just sent it, and
// every read after (a refetch, a live event's refresh) asks the server. Only an anonymous read takes one (the server
// made them without the viewer's credentials), only from a page the network just gave (not one the back/forward
// history kept, nor one older than FIRST_ANSWERS_MAX_AGE_MS), and only once.
import { requestKey } from '../offline/dataPolicy';

/** The page's answers script (server/http/firstAnswers.ts FIRST_ANSWERS_ID). */
export const FIRST_ANSWERS_ID = 'first-answers';
/** A page older than this takes none of its answers: the server is asked. */
export const FIRST_ANSWERS_MAX_AGE_MS = 30_000;

interface PageAnswers {
  at: number;
  answers: { operationName: string; variables: Record<string, unknown>; data: unknown }[];
}

export interface AnswerSource {
  /** The answers script's text, or null. */
  text(): string | null;
  /** Did this document come from a back/forward navigation (a kept page)? */
  fromHistory(): boolean;
  now(): number;
}

const pageSource: AnswerSource = {
  text: () => (typeof document === 'undefined' ? null : (document.getElementById(FIRST_ANSWERS_ID)?.textContent ?? null)),
  fromHistory: () => {
    if (typeof performance === 'undefined') return false;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation?.type === 'back_forward';
  },
  now: () => Date.now(),
};

// As the offline copy keys reads: variables that only say "now" (the current exhibition's cDate) are left out, so the
// server's answer made a moment before the app's read is the answer to it.
const keyOf = (operationName: string, variables: unknown) => requestKey('public', operationName, variables);

/** An answer taken from the page: the JSON body the server would have sent, and when the server made it. */
export interface TakenAnswer {
  body: string;
  at: number;
}

/** The taken answer as the response the app's fetch gets. */
export const answerResponse = (answer: TakenAnswer) => new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** Reads the page's answers once: a map by operation and variables, emptied as they are taken. */
export function firstAnswers(source: AnswerSource = pageSource) {
  let answers: Map<string, string> | null = null;
  let at = 0;
  const load = (): Map<string, string> => {
    if (answers) return answers;
    answers = new Map();
    const text = source.text();
    if (!text || source.fromHistory()) return answers;
    try {
      const page = JSON.parse(text) as PageAnswers;
      if (typeof page.at !== 'number' || !Array.isArray(page.answers)) return answers;
      at = page.at;
      for (const answer of page.answers) answers.set(keyOf(answer.operationName, answer.variables), JSON.stringify({ data: answer.data }));
    } catch {
      // Not JSON: no answers, every read asks the server.
    }
    return answers;
  };
  return {
    /**
     * The answer of a POST /graphql the app is about to send, or null: the body names the operation
     * and variables; a request with credentials (an Authorization header) never takes one.
     */
    take(init: RequestInit | undefined): TakenAnswer | null {
      if (!init || typeof init.body !== 'string' || (init.method ?? 'GET').toUpperCase() !== 'POST') return null;
      if (new Headers(init.headers).has('authorization')) return null;
      const loaded = load();
      // Made by the server more than the window ago (or by a server whose clock is far off): all asked again.
      if (loaded.size === 0 || Math.abs(source.now() - at) > FIRST_ANSWERS_MAX_AGE_MS) {
        loaded.clear();
        return null;
      }
      let key: string;
      try {
        const body = JSON.parse(init.body) as { operationName?: unknown; variables?: unknown };
        if (typeof body.operationName !== 'string') return null;
        key = keyOf(body.operationName, body.variables);
      } catch {
        return null;
      }
      const answer = loaded.get(key);
      if (answer === undefined) return null;
      loaded.delete(key);
      return { body: answer, at };
    },
  };
}

/** The page's answers, taken by src/services/graphql.ts. */
export const pageAnswers = firstAnswers();
