// The dashboard fixtures plus what the token page asks for (ownedTokens.test.tsx).
import { stubDashboardBackend, type Answers } from './dashboardTabsFixtures';

export { heldToken, OTHER, scriptedLive, tokenPageOf, VIEWER, viewerSession } from './dashboardTabsFixtures';

export const siblingPageEmpty = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };

/** Every dashboard and token page read empty unless given. */
export function stubOwnedBackend(answers: Answers = {}) {
  return stubDashboardBackend({
    getOffersByToken: () => siblingPageEmpty,
    getMarketplaceTokens: () => siblingPageEmpty,
    getMarketplaceCollections: () => siblingPageEmpty,
    ...answers,
  });
}
