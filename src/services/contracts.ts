// The client's side of the wire contracts (domain/contracts): every REST answer is parsed with its contract before a
// caller sees it. The parse (./answerCheck.ts, with the contracts and zod/mini) loads lazily, as a request goes out, so
// it arrives with the answer and is never part of a page's first load: the config every page reads at start is
// checked once that load is over (checkConfig in ./api.ts).
import type { Answer, AnswerName } from '../../domain/contracts/answers';
import { NetworkError } from './errors';

export type { Answer, AnswerName };

type AnswerCheck = typeof import('./answerCheck');
let answerCheck: Promise<AnswerCheck> | null = null;

/** The answer check, loaded once (a failed load, e.g. offline before the worker stored it, is tried again). */
export function loadAnswerCheck(): Promise<AnswerCheck> {
  answerCheck ??= import('./answerCheck').catch((error: unknown) => {
    answerCheck = null;
    throw new NetworkError(error);
  });
  return answerCheck;
}

/** The answer read as its contract `name`; a MalformedAnswerError (an HttpError shown as the server failing) if not. */
export const checkedAnswer = async <N extends AnswerName>(name: N, body: unknown, path: string): Promise<Answer<N>> =>
  (await loadAnswerCheck()).checkedAnswer(name, body, path);

/** An answer taken before its check: only the config, read at start, whose check waits for the first load to be over. */
export const answerCheckedLater = <N extends AnswerName>(_name: N, body: unknown) => body as Answer<N>;
