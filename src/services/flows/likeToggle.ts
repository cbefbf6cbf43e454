// The like toggle's behaviour with its REST calls: loaded lazily by the like button flow (./likes.ts), so neither the
// machine nor the likes service is in the first load.
import { fromPromise, type AnyActorRef } from 'xstate';
import { accountLikesOf } from '../../../machines/likes/accountLikesMachine';
import { likeToggleMachine, type LikeRequest, type LikeResult } from '../../../machines/likes/likeToggleMachine';
import { HttpError } from '../errors';
import { likeToken, unlikeToken } from '../likes';

/** The registered login the accountLikes actor follows; a lost session fails the call cleanly (the count rolls back). */
function signedIn(system: { get(systemId: string): AnyActorRef | undefined }) {
  const credentials = accountLikesOf(system).credentials;
  if (!credentials) throw new HttpError(401, 'unauthorized', 'Not signed in');
  return credentials;
}

export const likeToggleFlow = likeToggleMachine.provide({
  actors: {
    likeToken: fromPromise<LikeResult, LikeRequest>(async ({ input, system }) => ({ likesCount: (await likeToken(signedIn(system), input.tokenId)).likesCount })),
    unlikeToken: fromPromise<LikeResult, LikeRequest>(async ({ input, system }) => ({
      likesCount: (await unlikeToken(signedIn(system), input.tokenId)).likesCount,
    })),
  },
});
