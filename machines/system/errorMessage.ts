// What a failed read or write tells the user: the error's own message (the services' errors carry the server's or the
// network's words), a thrown text as it is, and 'Unexpected error' when there is nothing to say. One rule for every
// machine that shows a failure.
import { UNEXPECTED_ERROR_MESSAGE } from '../wallet/constants';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : UNEXPECTED_ERROR_MESSAGE;
}
