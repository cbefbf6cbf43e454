// The human check's shared parts: the interface both implementations fulfil and their 403/503 answers.
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';

// The 403 and 503 answers. The form shows the seed's 'Message not sent. Please try again later.'; these say why to
// an API caller and in the server's tests.
export const HUMAN_CHECK_FAILED_MESSAGE = 'The human check could not be verified. Complete it again.';
export const HUMAN_CHECK_EXPIRED_MESSAGE = 'The human check has expired. Complete it again.';
export const HUMAN_CHECK_USED_MESSAGE = 'This human check was already used. Complete it again.';
export const HUMAN_CHECK_UNAVAILABLE_MESSAGE = 'The human check cannot be verified right now. Please try again later.';

export const humanCheckFailed = (message = HUMAN_CHECK_FAILED_MESSAGE) => new ApiError(403, 'human_check_failed', message);
export const humanCheckUnavailable = () => new ApiError(503, 'human_check_unavailable', HUMAN_CHECK_UNAVAILABLE_MESSAGE);

/** Marks a verified token as used, in the transaction that stores the message (so a failed insert keeps it usable). */
export type ClaimToken = (tx: Db) => Promise<void>;

export interface HumanCheckVerifier {
  /**
   * Verifies a token (the Turnstile response or the ALTCHA payload). Throws a 403 human_check_failed ApiError
   * when it is forged, expired or already used, a 503 when the verifier cannot be reached.
   * `remoteIp` is the client's address as the server trusts it (null for in-process requests).
   */
  verify(token: string, remoteIp: string | null): Promise<ClaimToken>;
}
