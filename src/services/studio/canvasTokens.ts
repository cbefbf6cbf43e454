// A canvas's tokens for the studio's token and preview steps (docs/requirements.md#studio-tokens getTokensByContainerId(container_id,
// pagination)): tokenId order, pages of 6 (token edit cards) or 12 (preview, publish). The creator's own canvases are
// read signed, since a canvas that is not published is visible to its creator only.
import type { TokensPage } from '../../../machines/studio/studioTypes';
import { graphql } from '../../graphql/graphql';
import { authorizationHeader, type ApiKeyCredentials } from '../authFetch';
import { requestNonce } from '../requestNonce';
import { graphqlRequest } from '../graphql';

export const getCanvasTokensOperation = graphql(`
  query getCanvasTokens($container_id: ID!, $pagination: PaginationInput) {
    getTokensByContainerId(container_id: $container_id, pagination: $pagination) {
      totalCount
      edges { cursor node { tokenId name description mediaType mediaUrl thumbnailUrl filename attributes } }
    }
  }
`);

const objectOrNull = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** One page (1-based) of a canvas's tokens, as the studio shows them. */
export async function fetchCanvasTokens(
  credentials: ApiKeyCredentials | null,
  request: { canvasId: string; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<TokensPage> {
  const data = await graphqlRequest(
    getCanvasTokensOperation,
    { container_id: request.canvasId, pagination: { page: request.page, perPage: request.perPage } },
    {
      signal,
      ...(credentials ? { headers: { Authorization: authorizationHeader(credentials), Nonce: requestNonce() } } : {}),
    },
  );
  const connection = data.getTokensByContainerId;
  return {
    total: connection.totalCount,
    tokens: connection.edges.map(({ node }) => ({
      tokenId: node.tokenId,
      name: node.name,
      description: node.description ?? null,
      mediaType: node.mediaType,
      mediaUrl: node.mediaUrl ?? null,
      thumbnailUrl: node.thumbnailUrl ?? null,
      filename: node.filename ?? null,
      attributes: objectOrNull(node.attributes),
    })),
  };
}
