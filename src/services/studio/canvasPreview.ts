// The shared canvas preview (docs/requirements.md#studio-publish "/preview/canvas/{container_id} and /canvas/{container_id}"): anyone with the
// link — it carries the canvas's unguessable share token — sees the collection and its tokens, read-only; without
// the token a canvas that is not published is visible to its creator only (the request is then signed).
import type { FetchPage } from '../../../machines/lists/pagedListMachine';
import type { StudioCanvas } from './api';
import { graphql, PageInfoFields, type ResultOf } from '../../graphql/graphql';
import { answerBody, authorizationHeader, authFetch, type ApiKeyCredentials } from '../authFetch';
import { requestNonce } from '../requestNonce';
import { API_BASE } from '../api';
import { checkedAnswer, loadAnswerCheck } from '../contracts';
import { NetworkError, isAbortError } from '../errors';
import { graphqlRequest } from '../graphql';

/** A share token as the server makes them: URL-safe characters only (anything else cannot be one). */
export { validShareToken } from './shareToken';

export interface CanvasPreviewRequest {
  canvasId: string;
  share?: string;
  /** The signed-in login: the creator sees their own canvas without the share token. */
  credentials?: ApiKeyCredentials | null;
}

const canvasUrl = ({ canvasId, share }: CanvasPreviewRequest) =>
  `/canvas/${encodeURIComponent(canvasId)}${share ? `?share=${encodeURIComponent(share)}` : ''}`;

/** GET /api/v1/canvas/{id}?share=…; null when there is no such canvas for this viewer (404, or 403: not theirs). */
export async function fetchCanvasPreview(request: CanvasPreviewRequest, signal?: AbortSignal): Promise<StudioCanvas | null> {
  // The answer's contract loads while the request is out.
  void loadAnswerCheck().catch(() => {});
  let response: Response;
  try {
    const init: RequestInit = { method: 'GET', signal, headers: { Accept: 'application/json' } };
    response = request.credentials ? await authFetch(canvasUrl(request), init, request.credentials) : await fetch(`${API_BASE}${canvasUrl(request)}`, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (response.status === 404 || response.status === 403) return null;
  return checkedAnswer('canvas', await answerBody(response), canvasUrl(request));
}

export const getCanvasPreviewTokensOperation = graphql(
  `
  query getCanvasPreviewTokens($container_id: ID!, $pagination: PaginationInput, $share: String) {
    getTokensByContainerId(container_id: $container_id, pagination: $pagination, share: $share) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { _id tokenId name mediaType mediaUrl thumbnailUrl attributes } }
    }
  }
`,
  [PageInfoFields],
);

export type CanvasPreviewToken = ResultOf<typeof getCanvasPreviewTokensOperation>['getTokensByContainerId']['edges'][number]['node'];

/** The pagedList `fetchPage` of the preview's token grid, in tokenId order. */
export const fetchCanvasPreviewTokens: FetchPage<CanvasPreviewToken, CanvasPreviewRequest> = async ({ params, after, perPage }, signal) => {
  if (!params) throw new Error('fetchCanvasPreviewTokens: no canvas');
  const data = await graphqlRequest(
    getCanvasPreviewTokensOperation,
    { container_id: params.canvasId, pagination: { perPage, ...(after ? { after } : {}) }, share: params.share ?? null },
    {
      signal,
      ...(params.credentials ? { headers: { Authorization: authorizationHeader(params.credentials), Nonce: requestNonce() } } : {}),
    },
  );
  return data.getTokensByContainerId;
};
