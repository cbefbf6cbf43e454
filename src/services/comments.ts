// Comments: GraphQL getCommentsByTokenId and getCommentReplies, REST /api/v1/comments (post, edit, delete, vote);
// drafts in commentDrafts.
import { NO_REPLIES, type CommentsPage, type ThreadComment } from '../../machines/comments/commentTree';
import type { FetchCommentsInput, FetchRepliesInput, PostCommentInput } from '../../machines/comments/commentThreadMachine';
import { sameAddress } from '../../domain/address';
import type { CommentPostRequest } from '../../domain/contracts/comments';
import { COMMENTS_PAGE_SIZE } from '../../machines/comments/rules';
import { authorizationHeader, signedJson, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';
import { graphql, type ResultOf } from '../graphql/graphql';
import { graphqlRequest } from './graphql';

const CommentFields = graphql(`
  fragment CommentFields on Comment {
    id text parent_id level deleted createdAt updatedAt votes myVote userInfo { address alias avatar firstName lastName }
  }
`);

// A comment's first replies: the server sends at most 2 per comment, with their total and where the rest start.
const ReplyPageFields = graphql(`
  fragment ReplyPageFields on CommentReplies {
    totalCount pageInfo { endCursor hasNextPage }
  }
`);

// A reply and three levels of replies under it, each level with its first replies' page: the thread's depth below
// a comment (docs/requirements.md#comments "Comment replies shown to 5 levels").
const ReplyTree = graphql(
  `
  fragment ReplyTree on Comment {
    ...CommentFields
    replies { ...ReplyPageFields nodes {
      ...CommentFields
      replies { ...ReplyPageFields nodes {
        ...CommentFields
        replies { ...ReplyPageFields nodes { ...CommentFields } }
      } }
    } }
  }
`,
  [CommentFields, ReplyPageFields],
);

// Five levels: the top level and the reply tree under each comment.
export const GET_COMMENTS_BY_TOKEN_ID = graphql(
  `
  query getCommentsByTokenId($token_id: ID!, $pagination: PaginationInput) {
    getCommentsByTokenId(token_id: $token_id, pagination: $pagination) {
      totalCount pageInfo { endCursor hasNextPage }
      edges { cursor node { ...CommentFields replies { ...ReplyPageFields nodes { ...ReplyTree } } } }
    }
  }
`,
  [CommentFields, ReplyPageFields, ReplyTree],
);

// 'More replies': a page of one comment's replies (level 1 at the shallowest), each with its replies down to the
// deepest level shown.
export const GET_COMMENT_REPLIES = graphql(
  `
  query getCommentReplies($comment_id: ID!, $pagination: PaginationInput) {
    getCommentReplies(comment_id: $comment_id, pagination: $pagination) {
      totalCount pageInfo { endCursor hasNextPage }
      edges { cursor node { ...ReplyTree } }
    }
  }
`,
  [ReplyTree],
);

type CommentsAnswer = ResultOf<typeof GET_COMMENTS_BY_TOKEN_ID>['getCommentsByTokenId'];
type RepliesAnswer = ResultOf<typeof GET_COMMENT_REPLIES>['getCommentReplies'];
/** A comment at any level of an answer: the deepest level asked has no replies field. */
type AnsweredComment = ResultOf<typeof CommentFields> & {
  replies?: ResultOf<typeof ReplyPageFields> & { nodes: readonly AnsweredComment[] };
};

/** The thread as the machine keeps it: the deepest level asked gets no replies. */
function threadComment({ replies, ...comment }: AnsweredComment): ThreadComment {
  if (!replies) return { ...comment, replies: [], repliesPage: NO_REPLIES };
  const { totalCount, pageInfo, nodes } = replies;
  return { ...comment, replies: nodes.map(threadComment), repliesPage: { totalCount, endCursor: pageInfo.endCursor, hasNextPage: pageInfo.hasNextPage } };
}

function commentsPage(answer: CommentsAnswer | RepliesAnswer): CommentsPage {
  return { ...answer, edges: answer.edges.map((edge) => ({ ...edge, node: threadComment(edge.node as AnsweredComment) })) };
}

/** Sent with the viewer's credentials when they belong to the viewer the machine asks for (else anonymously). */
function viewerHeaders(credentials: ApiKeyCredentials | null, viewer: string | null) {
  const signedIn = credentials && sameAddress(credentials.address, viewer) ? credentials : null;
  return signedIn ? { headers: { Authorization: authorizationHeader(signedIn) } } : {};
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
  const data = await graphqlRequest(
    GET_COMMENTS_BY_TOKEN_ID,
    { token_id: tokenId, pagination: { after, perPage: COMMENTS_PAGE_SIZE } },
    { signal, ...viewerHeaders(credentials, viewer) },
  );
  return commentsPage(data.getCommentsByTokenId);
}

/** 'More replies': the next COMMENTS_PAGE_SIZE replies of one comment after `after` (its last page's endCursor). */
export async function fetchReplies({ commentId, after, viewer }: FetchRepliesInput, credentials: ApiKeyCredentials | null, signal?: AbortSignal): Promise<CommentsPage> {
  const data = await graphqlRequest(
    GET_COMMENT_REPLIES,
    { comment_id: commentId, pagination: { after, perPage: COMMENTS_PAGE_SIZE } },
    { signal, ...viewerHeaders(credentials, viewer) },
  );
  return commentsPage(data.getCommentReplies);
}

const json = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
  signal,
});

/** A fresh comment has no replies yet (the REST answer carries `replies: []` and no page). */
export const postComment = async (credentials: ApiKeyCredentials, { tokenId, parentId, text }: PostCommentInput, signal?: AbortSignal, options?: AuthFetchOptions): Promise<ThreadComment> => ({
  ...(await signedJson('/comments', json('POST', { token_id: tokenId, parent_id: parentId, text } satisfies CommentPostRequest, signal), credentials, 'commentPosted', options)),
  replies: [],
  repliesPage: NO_REPLIES,
});

export const updateComment = (credentials: ApiKeyCredentials, commentId: string, text: string, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson(`/comments/${encodeURIComponent(commentId)}`, json('PUT', { text }, signal), credentials, 'commentEdited', options);

export const deleteComment = (credentials: ApiKeyCredentials, commentId: string, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson(`/comments/${encodeURIComponent(commentId)}`, json('DELETE', undefined, signal), credentials, 'commentDeleted', options);

export const voteComment = (credentials: ApiKeyCredentials, commentId: string, value: 1 | -1, signal?: AbortSignal, options?: AuthFetchOptions) =>
  signedJson(`/comments/${encodeURIComponent(commentId)}/vote`, json('POST', { value }, signal), credentials, 'commentVoted', options);

export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  constructor() {
    super('Sign in with your wallet first.');
  }
}

