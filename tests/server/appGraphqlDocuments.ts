// Every GraphQL read the app's services send, collected by running each with a recording fetch: the document
// check in graphql.limits.test.ts measures them with the variables the app sends.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { vi } from 'vitest';
import { PAGE_SIZE } from '../../machines/lists/constants';
import * as activityService from '../../src/services/activity';
import * as mediaArticlesService from '../../src/services/articles/mediaArticles';
import * as articleService from '../../src/services/artists/article';
import * as artistService from '../../src/services/artists/artist';
import * as artistArtworksService from '../../src/services/artists/artworks';
import * as artistCatalogueService from '../../src/services/artists/catalogue';
import * as artistProfileService from '../../src/services/artists/profile';
import * as collectionService from '../../src/services/collection';
import * as pendingCollectionService from '../../src/services/pendingCollection';
import * as commentsService from '../../src/services/comments';
import * as creationsService from '../../src/services/dashboard/creations';
import * as tabsService from '../../src/services/dashboard/tabs';
import * as exploreArtistsService from '../../src/services/exploreArtists';
import * as exhibitionsService from '../../src/services/exhibitions/exhibitions';
import * as homeService from '../../src/services/home/homeData';
import * as tokenDashboardService from '../../src/services/dashboard/tokenDashboard';
import * as marketService from '../../src/services/market';
import * as marketplaceService from '../../src/services/marketplace';
import * as canvasPreviewService from '../../src/services/studio/canvasPreview';
import * as canvasTokensService from '../../src/services/studio/canvasTokens';
import * as listCanvasesService from '../../src/services/studio/listCanvases';
import * as searchService from '../../src/services/search';
import * as tokenService from '../../src/services/token';

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

// ---- Every document the app sends ----

export const SERVICE_MODULES = {
  'src/services/activity.ts': activityService,
  'src/services/articles/mediaArticles.ts': mediaArticlesService,
  'src/services/artists/article.ts': articleService,
  'src/services/artists/artist.ts': artistService,
  'src/services/artists/artworks.ts': artistArtworksService,
  'src/services/artists/catalogue.ts': artistCatalogueService,
  'src/services/artists/profile.ts': artistProfileService,
  'src/services/collection.ts': collectionService,
  'src/services/pendingCollection.ts': pendingCollectionService,
  'src/services/comments.ts': commentsService,
  'src/services/dashboard/creations.ts': creationsService,
  'src/services/dashboard/tabs.ts': tabsService,
  'src/services/dashboard/tokenDashboard.ts': tokenDashboardService,
  'src/services/exhibitions/exhibitions.ts': exhibitionsService,
  'src/services/exploreArtists.ts': exploreArtistsService,
  'src/services/home/homeData.ts': homeService,
  'src/services/market.ts': marketService,
  'src/services/marketplace.ts': marketplaceService,
  'src/services/studio/canvasPreview.ts': canvasPreviewService,
  'src/services/studio/canvasTokens.ts': canvasTokensService,
  'src/services/studio/listCanvases.ts': listCanvasesService,
  'src/services/search.ts': searchService,
  'src/services/token.ts': tokenService,
} as Record<string, Record<string, unknown>>;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** The exported query documents (graphql(`query ...`)) of every service module, printed. */
export function exportedOperations(): { file: string; name: string; query: string }[] {
  return Object.entries(SERVICE_MODULES).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([, value]) => isQueryDocument(value))
      .map(([name, value]) => ({ file, name, query: print(value as DocumentNode) })),
  );
}

export function isQueryDocument(value: unknown): boolean {
  const document = value as Partial<DocumentNode> | null;
  return document?.kind === Kind.DOCUMENT && (document.definitions ?? []).some((definition) => definition.kind === Kind.OPERATION_DEFINITION);
}

/** A sent query as written in the source: urql's document cache adds __typename selections. */
export const withoutTypenames = (query: string) =>
  print(visit(parse(query), { Field: (field) => (field.name.value === '__typename' && !field.alias ? null : undefined) }));

export interface SentRequest {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
}

/** An empty answer for every root field: an empty page for connections, no results for a search, an empty list for lists, null otherwise. */
function emptyAnswer(schema: GraphQLSchema, query: string) {
  const operation = parse(query).definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const data: Record<string, unknown> = {};
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const type = String(schema.getQueryType()!.getFields()[selection.name.value]!.type);
    data[selection.alias?.value ?? selection.name.value] = /Connection!?$/.test(type)
        ? { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] }
        : type === 'SearchResults!'
          ? { tokens: [], collections: [], artists: [] }
          : type.startsWith('[')
            ? []
            : null;
  }
  return { data };
}

/** Runs every GraphQL read of the app's services with a fetch that records what is sent. */
export async function sendEveryAppRequest(schema: GraphQLSchema): Promise<SentRequest[]> {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // A REST read beside the GraphQL ones (the artworks page's account fallback): nothing there.
    if (!String(url).endsWith('/graphql')) return new Response(JSON.stringify({ error: 'not_found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const body = JSON.parse(String(init.body)) as SentRequest;
    sent.push(body);
    return new Response(JSON.stringify(emptyAnswer(schema, body.query)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const signal = new AbortController().signal;
  // Every list view passes one of PAGE_SIZE's values as perPage: the largest stands for all of them.
  const perPage = Math.max(...Object.values(PAGE_SIZE));
  const page = <T>(params: T) => ({ params, after: null, perPage });
  const credentials = { address: ADDRESS, key: 'k'.repeat(43) };
  await marketplaceService.fetchMarketplaceTokensPage(page({ sort: 'newest' as const }), signal);
  await marketplaceService.fetchMarketplaceCollectionsPage(page({ sort: 'newest' as const }), signal);
  await exploreArtistsService.searchArtistsByName('lumen', signal);
  await exploreArtistsService.fetchArtistNames([ADDRESS], signal);
  await marketplaceService.fetchLikedTokensPage(page({ account: ADDRESS }), signal);
  await commentsService.fetchComments({ tokenId: '1', after: null, viewer: ADDRESS }, credentials, signal);
  await commentsService.fetchReplies({ commentId: '1', after: null, viewer: ADDRESS }, credentials, signal);
  await tokenService.fetchTokenPage('1', signal);
  await tokenService.getSiblingTokens({ _id: '1', collection: { id: '2', _id: '2', name: 'c', address: null, chainId: 31337, chainName: null, supplyPerToken: 1, publishedAt: null, attributes: null } }, signal);
  await tokenService.fetchTokenOffersPage(page({ token: '1', seller: ADDRESS }), signal);
  await activityService.fetchActivityPage(page({ token: '1' }), signal);
  await activityService.fetchActivityPage(page({ account: ADDRESS }), signal);
  await marketService.fetchMarketFigures({ token: '1' }, signal);
  await marketService.fetchMarketFigures({ collection: '1' }, signal);
  await collectionService.getCollection(ADDRESS, 31337, { signal });
  await collectionService.fetchCollectionTokensPage(page({ containerId: '1' }), signal);
  await pendingCollectionService.getCollectionAsCreator('1', credentials, signal);
  await creationsService.fetchCreatedCollectionsPage(page({ creator: ADDRESS }), signal);
  await creationsService.getCreatedCollection('1', signal);
  await creationsService.getCreationListings('1', ADDRESS, signal);
  await creationsService.fetchDashboardCollectionTokensPage(page({ containerId: '1', owner: ADDRESS }), signal);
  await tabsService.fetchBoughtTokensPage(page({ owner: ADDRESS }), signal);
  await tabsService.fetchReceivedOffersPage(page({ seller: ADDRESS, collection: '1' }), signal);
  await tabsService.fetchSentOffersPage(page({ buyer: ADDRESS }), signal);
  await tokenDashboardService.getViewerOffers('1', ADDRESS, signal);
  await listCanvasesService.fetchStudioList(credentials, signal);
  await canvasTokensService.fetchCanvasTokens(credentials, { canvasId: '1', page: 1, perPage }, signal);
  await canvasPreviewService.fetchCanvasPreviewTokens(page({ canvasId: '1', share: 's'.repeat(32) }), signal);
  await artistService.fetchArtistInfo(ADDRESS, signal);
  await artistCatalogueService.fetchArtistsPage(page(null), signal);
  await artistArtworksService.fetchArtistTokensPage(page({ artistId: ADDRESS }), signal);
  await artistArtworksService.fetchArtistName(ADDRESS, signal);
  await artistProfileService.loadArtistProfile(ADDRESS, signal);
  await exhibitionsService.fetchExhibitionsOverview(signal);
  await exhibitionsService.fetchExhibitionArtworksPage(page({ exhibitionId: '1' }), signal);
  await homeService.fetchHomeSlides(signal);
  await homeService.fetchFeaturedCollection(signal);
  await homeService.fetchTrendingCollections(signal);
  await homeService.fetchCurrentExhibition(signal);
  await mediaArticlesService.fetchMediaArticles(signal);
  await articleService.fetchArticle('1', signal);
  await searchService.fetchSearch('quasar', signal);
  return sent;
}

