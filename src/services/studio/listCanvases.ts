// The studio list's data (docs/requirements.md#studio-list getAllCanvas(filters: { creator }, pagination)): the signed-in creator's
// canvases in every state, newest first, read with the creator's signed request.
import type { ApiKeyCredentials } from '../authFetch';
import { authorizationHeader } from '../authFetch';
import { requestNonce } from '../requestNonce';
import { graphql, PageInfoFields, type ResultOf } from '../../graphql/graphql';
import { graphqlRequest } from '../graphql';
import type { CanvasState, StudioMediaType } from '../../../domain/studioRules';
import type { StudioListRow } from '../../../machines/studio/studioListMachine';

export const getAllCanvasOperation = graphql(
  `
  query getAllCanvas($creator: String!, $pagination: PaginationInput) {
    getAllCanvas(filters: { creator: $creator }, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { id name symbol mediaType state createdAt } }
    }
  }
`,
  [PageInfoFields],
);

/** A page of 100 costs 100 of the server's 1,500 query budget; a creator's list is read whole, page after page. */
const LIST_PAGE_SIZE = 100;
const MAX_PAGES = 50;

/** Every canvas of the signed-in creator, newest first. */
export async function fetchStudioList(credentials: ApiKeyCredentials, signal?: AbortSignal): Promise<StudioListRow[]> {
  const canvases: StudioListRow[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const data: ResultOf<typeof getAllCanvasOperation> = await graphqlRequest(
      getAllCanvasOperation,
      { creator: credentials.address.toLowerCase(), pagination: { perPage: LIST_PAGE_SIZE, ...(after ? { after } : {}) } },
      { signal, headers: { Authorization: authorizationHeader(credentials), Nonce: requestNonce() } },
    );
    const connection = data.getAllCanvas;
    for (const { node } of connection.edges) {
      canvases.push({ ...node, mediaType: node.mediaType as StudioMediaType, state: node.state as CanvasState });
    }
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
    after = connection.pageInfo.endCursor;
  }
  return canvases;
}
