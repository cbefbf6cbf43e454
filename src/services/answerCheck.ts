// The parse of a REST answer with its contract, and the error for one that is not its contract's: a module of its own,
// loaded with the first REST answer (src/services/contracts.ts), so neither it nor zod/mini is in a page's first load.
import { SERVER_FAILURE_MESSAGE } from '../../domain/messages';
import { parseAnswer, type Answer, type AnswerName } from '../../domain/contracts/answers';
import { HttpError } from './errors';

/**
 * A 2xx answer that does not read as its contract (domain/contracts): shown as the server failing, with the server's
 * own text for a failure (`status` 502: the answer, not the request, is at fault); `issues` says where it differs.
 */
export class MalformedAnswerError extends HttpError {
  override name = 'MalformedAnswerError';
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super(502, 'malformed_answer', SERVER_FAILURE_MESSAGE);
  }
}

/** The answer read as its contract `name`, or a MalformedAnswerError. */
export function checkedAnswer<N extends AnswerName>(name: N, body: unknown, path: string): Answer<N> {
  const result = parseAnswer(name, body);
  if (!result.ok) throw new MalformedAnswerError(path, result.issues);
  return result.answer;
}
