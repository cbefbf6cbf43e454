// Comments: GraphQL getCommentsByTokenId and REST /api/v1/comments (post, edit, delete, vote); drafts in commentDrafts.
import type { CommentsPage, ThreadComment } from '../../machines/comments/commentTree';
import type { FetchCommentsInput, PostCommentInput } from '../../machines/comments/commentThreadMachine';
import { COMMENTS_PAGE_SIZE, sameAddress } from '../../machines/comments/rules';
import { authorizationHeader, signedJson, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';
import { graphql, type ResultOf } from '../graphql/graphql';
import { graphqlRequest } from './graphql';

const CommentFields = graphql(`
  fragment CommentFields on Comment {
    id text parent_id level deleted createdAt updatedAt votes myVote userInfo { address alias avatar firstName lastName }
  }
`);

// Five levels (seed §9 "Comment replies shown to 5 levels"): the top level plus four nested replies selections.
export const GET_COMMENTS_BY_TOKEN_ID = graphql(
  `
  query getCommentsByTokenId($token_id: ID!, $pagination: PaginationInput) {
    getCommentsByTokenId(token_id: $token_id, pagination: $pagination) {
      totalCount pageInfo { endCursor hasNextPage }
      edges { cursor node {
        ...CommentFields
        replies { ...CommentFields replies { ...CommentFields replies { ...CommentFields replies { ...CommentFields } } } }
      } }
    }
  }
`,
  [CommentFields],
);

type CommentsAnswer = ResultOf<typeof GET_COMMENTS_BY_TOKEN_ID>['getCommentsByTokenId'];
/** A comment at any level of the answer: the fifth (deepest asked) has no replies field. */
type AnsweredComment = ResultOf<typeof CommentFields> & { replies?: readonly AnsweredComment[] };

/** The thread as the machine keeps it: the deepest level asked gets an empty replies list. */
function threadComment({ replies, ...comment }: AnsweredComment): ThreadComment {
  return { ...comment, replies: (replies ?? []).map(threadComment) };
}

function commentsPage(answer: CommentsAnswer): CommentsPage {
  return { ...answer, edges: answer.edges.map((edge) => ({ ...edge, node: threadComment(edge.node) })) };
}

/**
 * A page of the thread. myVote is the signed-in account's own vote: the server reads it from the Authorization
 * header, so the credentials are sent when they belong to the viewer the machine asks for (else anonymously).
 */
export async function fetchComments(
  { tokenId, after, viewer }: FetchCommentsInput,
  credentials: ApiKeyCredentials | null,
  signal?: AbortSignal,
): Promise<CommentsPage> {
  const signedIn = credentials && sameAddress(credentials.address, viewer) ? credentials : null;
  const data = await graphqlRequest(
    GET_COMMENTS_BY_TOKEN_ID,
    { token_id: tokenId, pagination: { after, perPage: COMMENTS_PAGE_SIZE } },
    // A thread that was just changed must not come back from the offline copy.
    { signal, offlineFallback: false, ...(signedIn ? { headers: { Authorization: authorizationHeader(signedIn) } } : {}) },
  );
  return commentsPage(data.getCommentsByTokenId);
}

const json = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
  signal,
});

export const postComment = (credentials: ApiKeyCredentials, { tokenId, parentId, text }: PostCommentInput, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson<ThreadComment>('/comments', json('POST', { token_id: tokenId, parent_id: parentId, text }, signal), credentials, options);

export const updateComment = (credentials: ApiKeyCredentials, commentId: string, text: string, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson<{ text: string; updatedAt: string }>(`/comments/${encodeURIComponent(commentId)}`, json('PUT', { text }, signal), credentials, options);

export const deleteComment = (credentials: ApiKeyCredentials, commentId: string, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson<{ updatedAt: string }>(`/comments/${encodeURIComponent(commentId)}`, json('DELETE', undefined, signal), credentials, options);

export const voteComment = (credentials: ApiKeyCredentials, commentId: string, value: 1 | -1, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson<{ votes: number; myVote: number | null }>(`/comments/${encodeURIComponent(commentId)}/vote`, json('POST', { value }, signal), credentials, options);

export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  constructor() {
    super('Sign in with your wallet first.');
  }
}

