// The worker's side of `offline.storeReads` (offline-first): the reads a page sent before this worker controlled it, asked
// for again and stored, so one online visit of a page is enough for it to open offline. Only reads the data cache
// answers (GraphQL queries, same-origin GET reads) and same-origin media GETs are sent; anything else in the list (a
// mutation, another origin, a method other than GET or POST) is dropped, never sent. Pure of worker globals.
import { HANDED_READS_MAX, type HandedAnswer, type HandedRead } from './protocol';

export interface HandedReadTargets {
  /** The worker's origin: reads of any other origin are dropped. */
  origin: string;
  /** The data cache: does it answer this request, and store it (false: not a read, not sent). */
  data: {
    matches(request: Request, origin: string): boolean;
    storeRead(request: Request): Promise<boolean>;
    storeAnswer(request: Request, answer: Response, fetchedAt: number): Promise<boolean>;
  };
  /** The media cache (`/ipfs/…` GETs). */
  media: { store(request: Request): Promise<void> };
}

/** How many handed reads are asked for at once (the first visit's own requests are done by then). */
const PARALLEL = 4;

function requestOf(read: HandedRead, origin: string): Request | null {
  if (!read || typeof read.url !== 'string' || (read.method !== 'GET' && read.method !== 'POST')) return null;
  let url: URL;
  try {
    url = new URL(read.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (read.method === 'POST' && typeof read.body !== 'string') return null;
  const headers = new Headers(read.headers && typeof read.headers === 'object' ? read.headers : {});
  return new Request(url.href, { method: read.method, headers, ...(read.method === 'POST' ? { body: read.body } : {}) });
}

const isMedia = (request: Request) => request.method === 'GET' && new URL(request.url).pathname.startsWith('/ipfs/');

/** Asks for each handed read again (at most HANDED_READS_MAX, four at a time) and stores the answers. */
export async function storeHandedReads(reads: unknown, { origin, data, media }: HandedReadTargets): Promise<void> {
  if (!Array.isArray(reads)) return;
  const requests = (reads as HandedRead[])
    .slice(-HANDED_READS_MAX)
    .map((read) => requestOf(read, origin))
    .filter((request): request is Request => request !== null && (isMedia(request) || data.matches(request, origin)));
  const next = async (): Promise<void> => {
    for (let request = requests.shift(); request; request = requests.shift()) {
      try {
        if (isMedia(request)) await media.store(request);
        else await data.storeRead(request);
      } catch {
        // One read that cannot be stored does not keep the others from it.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

/**
 * Stores each handed answer (at most HANDED_READS_MAX) without asking the server: only a data read of this origin
 * (never media, never a mutation) with a text body and a time.
 */
export async function storeHandedAnswers(answers: unknown, { origin, data }: Pick<HandedReadTargets, 'origin' | 'data'>): Promise<void> {
  if (!Array.isArray(answers)) return;
  for (const answer of (answers as HandedAnswer[]).slice(-HANDED_READS_MAX)) {
    if (!answer || typeof answer.body !== 'string' || typeof answer.fetchedAt !== 'number') continue;
    const request = requestOf(answer.read, origin);
    if (!request || isMedia(request) || !data.matches(request, origin)) continue;
    try {
      await data.storeAnswer(request, new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } }), answer.fetchedAt);
    } catch {
      // One answer that cannot be stored does not keep the others from it.
    }
  }
}
