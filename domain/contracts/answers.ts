// Every REST answer the client reads, by name: what src/services passes to apiRequest and signedJson, and what it
// parses the answer with. The client loads this module (and zod/mini with it) lazily, so no page's first load
// carries it; the names and their types (`Answer<'canvas'>`) cost nothing at run time.
import * as z from 'zod/mini';
import { accountAnswer, loginAnswer, nonceAnswer, revokedAnswer } from './account';
import { commentDeletedAnswer, commentEditedAnswer, commentPostedAnswer, commentVotedAnswer } from './comments';
import { artistSavedAnswer } from './artists';
import { collectionSavedAnswer } from './collections';
import { configAnswer } from './config';
import { contactSentAnswer, turnstileSiteKeyAnswer } from './contact';
import { accountLikesAnswer, likeAnswer, unlikeAnswer } from './likes';
import { canvasAnswer, canvasTokenAnswer, deletedAnswer, publishAnswer } from './studio';
import { tradeCheckAnswer } from './trade';

export const answers = {
  config: configAnswer,
  nonce: nonceAnswer,
  login: loginAnswer,
  account: accountAnswer,
  revoked: revokedAnswer,
  accountLikes: accountLikesAnswer,
  like: likeAnswer,
  unlike: unlikeAnswer,
  commentPosted: commentPostedAnswer,
  commentEdited: commentEditedAnswer,
  commentDeleted: commentDeletedAnswer,
  commentVoted: commentVotedAnswer,
  canvas: canvasAnswer,
  canvasToken: canvasTokenAnswer,
  deleted: deletedAnswer,
  publish: publishAnswer,
  tradeCheck: tradeCheckAnswer,
  turnstileSiteKey: turnstileSiteKeyAnswer,
  contactSent: contactSentAnswer,
  artistSaved: artistSavedAnswer,
  collectionSaved: collectionSavedAnswer,
};

export type AnswerName = keyof typeof answers;
export type Answer<N extends AnswerName> = z.infer<(typeof answers)[N]>;

/** The answer as its contract reads it, or the first few places it differs from the contract. */
export function parseAnswer<N extends AnswerName>(name: N, body: unknown): { ok: true; answer: Answer<N> } | { ok: false; issues: string } {
  const result = z.safeParse(answers[name], body);
  // The schema named N read it, so its output is Answer<N> (TypeScript cannot narrow the indexed schema by N).
  if (result.success) return { ok: true, answer: result.data as Answer<N> };
  return { ok: false, issues: result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ') };
}
