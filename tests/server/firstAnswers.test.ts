// A navigation's first answers (server/http/firstAnswers.ts): the token page comes with the answer of its first read,
// the same answer POST /graphql gives, and a preload of the image it shows; on both databases.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { parse, print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, exhibitions, holdings, homeSlides, tokens } from '../../server/db/schema.js';
import { FIRST_ANSWERS_ID as SERVER_ID, firstAnswersHtml, firstReadsFor, scriptSafeJson, tokenPageImage } from '../../server/http/firstAnswers.js';
import { FIRST_ANSWERS_ID as APP_ID } from '../../src/services/firstAnswers';
import { getTokenFromHoldingOperation } from '../../src/services/token';
import { getFeaturedCollectionsOperation, getHomeSlidesOperation } from '../../src/services/home/homeData';
import { getArtistInfoOperation } from '../../src/services/artists/artist';
import { getAllArtistsOperation } from '../../src/services/artists/catalogue';
import { getArticleOperation } from '../../src/services/artists/article';
import { getArticlesOperation, getFeaturedArticleOperation } from '../../src/services/articles/mediaArticles';
import { EXPLORE_FIRST_PAGE, withFragments } from '../../server/http/firstReadDocuments.js';
import { getCurrentExhibitionOperation, getPastExhibitionsOperation } from '../../src/services/exhibitions/exhibitions';
import { EXPLORE_SORTS, getMarketplaceTokensOperation } from '../../src/services/marketplace';
import { getCollectionOperation } from '../../src/services/collection';
import { EXPLORE_PAGE_SIZES, exploreListParams } from '../../src/views/explore/exploreLists';
import { DEFAULT_EXPLORE_FILTERS } from '../../machines/explore/exploreFilters';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql, seedMarketplace } from './fixtures.js';

const INDEX = '<!doctype html><html><head><title>Art</title></head><body><div id="root"></div></body></html>';
const ANSWERS = new RegExp(`<script type="application/json" id="${SERVER_ID}">(.*?)</script>`, 's');

/** Each definition printed the same way, in a stable order (the app's document lists its fragments after it). */
const definitions = (document: DocumentNode) => document.definitions.map((definition) => print(definition)).sort();

// One address of each route the server answers: what their first reads send, by operation.
const ADDRESS = `0x${'ab'.repeat(20)}`;
const FIRST_READ_PATHS = ['/token/7', '/', '/explore', `/collection/${ADDRESS}/1`, '/exhibitions', '/artists', `/artist/${ADDRESS}`, '/article/12', '/media-articles'];
const SENT = new Map(FIRST_READ_PATHS.flatMap((path) => firstReadsFor(path)!.reads).map((read) => [read.operationName, read.query]));
/** The document the server sends for this operation. */
const sent = (operationName: string) => {
  const query = SENT.get(operationName);
  if (!query) throw new Error(`The server sends no first read ${operationName}`);
  return query;
};

// The operations and fragments are written once (domain/firstReads/); the server adds the fragments an operation
// spreads itself, so its document and the app's (gql.tada's, from the fragments the app lists) are compared whole.
describe('the server\'s documents of the app\'s first reads', () => {
  const APP_DOCUMENTS = [
    ['getTokenFromHolding', getTokenFromHoldingOperation],
    ['getHomeSlides', getHomeSlidesOperation],
    ['getFeaturedCollections', getFeaturedCollectionsOperation],
    ['getArtistInfo', getArtistInfoOperation],
    ['getArticle', getArticleOperation],
    ['getFeaturedArticle', getFeaturedArticleOperation],
    ['getArticles', getArticlesOperation],
    ['getMarketplaceTokens', getMarketplaceTokensOperation],
    ['getCollections', getCollectionOperation],
    ['getCurrentExhibition', getCurrentExhibitionOperation],
    ['getAllArtists', getAllArtistsOperation],
    ['getPastExhibitions', getPastExhibitionsOperation],
  ] as const;

  it.each(APP_DOCUMENTS)('the server\'s %s is the document the app sends', (name, app) => {
    expect(definitions(parse(sent(name)))).toEqual(definitions(app as unknown as DocumentNode));
  });

  it('every first read the server sends is one of those', () => {
    expect([...SENT.keys()].sort()).toEqual(APP_DOCUMENTS.map(([name]) => name).sort());
  });

  it('the server adds each fragment an operation spreads once, through other fragments too, and refuses one it lacks', () => {
    const fragments = new Map([
      ['A', 'fragment A on Token { id ...B }'],
      ['B', 'fragment B on Token { name owner { ...C } }'],
      ['C', 'fragment C on PersonInfo { address }'],
      ['D', 'fragment D on Token { tokenId }'],
    ]);
    const document = withFragments('query q { t { ...A ...B } }', fragments);
    expect(definitions(parse(document))).toEqual(definitions(parse(['query q { t { ...A ...B } }', ...['A', 'B', 'C'].map((name) => fragments.get(name))].join('\n'))));
    expect(() => withFragments('query q { t { ...E } }', fragments)).toThrow('No fragment E');
    // A document that differs from the app's by a field fails the comparison above.
    expect(definitions(parse(sent('getTokenFromHolding').replace('filename', '')))).not.toEqual(definitions(getTokenFromHoldingOperation as unknown as DocumentNode));
  });

  it('the page\'s script id is the one the app reads', () => {
    expect(SERVER_ID).toBe(APP_ID);
  });

  it('explore\'s first page with no filter asks what the app asks with the default filters', () => {
    const params = exploreListParams(DEFAULT_EXPLORE_FILTERS);
    expect(params.filters).toBeUndefined();
    expect(EXPLORE_FIRST_PAGE).toEqual({ sort: { ...EXPLORE_SORTS[params.sort] }, pagination: { perPage: EXPLORE_PAGE_SIZES.token } });
  });

  it('JSON in the page cannot close its script: <, > and & are escapes, and it parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('waiting for the first reads', () => {
  const answer = { data: { getTokenFromHolding: { id: '7', mediaType: 'sound', mediaUrl: null, thumbnailUrl: null } } };

  it('a read not answered within the wait is left out: the page goes without it', async () => {
    expect(await firstAnswersHtml('/token/7', () => new Promise(() => {}), { timeoutMs: 20 })).toBe('');
  });

  it('a read answered within the wait is written; a route without first reads runs none', async () => {
    const asked: string[] = [];
    const html = await firstAnswersHtml('/token/7', async (read) => (asked.push(read.operationName), answer), { timeoutMs: 5_000 });
    expect(asked).toEqual(['getTokenFromHolding']);
    expect(html).toContain(`<script type="application/json" id="${SERVER_ID}">`);
    expect(html).not.toContain('rel="preload"');
    expect(await firstAnswersHtml('/profile', async (read) => (asked.push(read.operationName), answer), { timeoutMs: 5_000 })).toBe('');
    expect(asked).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)('a navigation\'s first answers (%s)', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let imageHolding: number;
  let videoHolding: number;
  let seededCollection: { address: string; chainId: number; cover: string };
  let seededCollectionId: number;

  const holdingOf = async (tokenId: number) => {
    const [row] = await database.db.select().from(holdings).where(eq(holdings.tokenId, tokenId));
    return row!.id;
  };

  const navigate = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers: { Accept: 'text/html', ...headers } });

  const answersOf = (html: string) => {
    const match = ANSWERS.exec(html);
    return match ? (JSON.parse(match[1]!) as { at: number; answers: { operationName: string; variables: unknown; data: unknown }[] }) : null;
  };

  // A read not answered within the server's 250 ms is left out by design (the app then sends it itself): on a loaded
  // machine a navigation can miss one, so a page expected to carry `count` answers is asked for again until it does
  // (a later navigation finds the database warm). The response and its page (gunzipped when compressed).
  const navigateAnswered = async (path: string, count = 1, headers: Record<string, string> = {}) => {
    let last!: { response: Response; html: string };
    await expect
      .poll(async () => {
        const response = await navigate(path, headers);
        const html = response.headers.get('content-encoding') === 'gzip' ? gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8') : await response.text();
        last = { response, html };
        return answersOf(html)?.answers.length ?? 0;
      }, { timeout: 15_000 })
      .toBe(count);
    return last;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db, { GEOFENCE_COUNTRY_HEADER: 'cf-ipcountry', BLOCKED_COUNTRIES: 'KP' });
    await writeFile(join(server.staticDir, 'index.html'), INDEX);
    const image = seeded.tokens.find((token) => token.mediaType === 'image')!;
    const video = seeded.tokens.find((token) => token.mediaType === 'video')!;
    // A name that would end the answers' script if it were written as it is.
    await database.db.update(tokens).set({ name: '</script><script>alert(1)</script>', media: 'bafkreimainimage' }).where(eq(tokens.id, image.id));
    await database.db.update(tokens).set({ thumbnail: 'bafkreivideoposter' }).where(eq(tokens.id, video.id));
    imageHolding = await holdingOf(image.id);
    seededCollectionId = seeded.collectionIds.imageId;
    const [collection] = await database.db.select().from(collections).where(eq(collections.id, seededCollectionId));
    seededCollection = { address: collection!.address!, chainId: collection!.chainId, cover: collection!.cover! };
    videoHolding = await holdingOf(video.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('a token page carries the answer POST /graphql gives for the app\'s read, and preloads its image through its derivatives', async () => {
    const { response, html } = await navigateAnswered(`/token/${imageHolding}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeNull();
    expect(html).not.toContain('<script>alert(1)');
    const page = answersOf(html);
    expect(page).not.toBeNull();
    expect(Math.abs(Date.now() - page!.at)).toBeLessThan(60_000);
    const direct = await graphql(server.app, sent('getTokenFromHolding'), { id: String(imageHolding) });
    expect(page!.answers).toEqual([{ operationName: 'getTokenFromHolding', variables: { id: String(imageHolding) }, data: direct.body.data }]);
    const token = (direct.body.data as unknown as { getTokenFromHolding: { name: string; mediaUrl: string } }).getTokenFromHolding;
    expect(token.name).toBe('</script><script>alert(1)</script>');
    const preload = html.match(/<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/);
    expect(preload?.[1]).toBe(token.mediaUrl);
    expect(preload?.[2]).toContain(`${token.mediaUrl}?w=320 320w`);
    expect(preload?.[2]).toContain(`${token.mediaUrl}?w=2048 2048w`);
    expect(preload?.[3]).toBe('(min-width: 56rem) min(44rem, 58vw), 100vw');
    // Before </head>, so the browser reads them before the body.
    expect(html.indexOf(`id="${SERVER_ID}"`)).toBeLessThan(html.indexOf('</head>'));
  });

  it('a gif\'s page preloads its still frame (the animation shows over it once loaded), never the original', () => {
    expect(tokenPageImage({ getTokenFromHolding: { mediaType: 'gif', mediaUrl: '/ipfs/bafybeigif', thumbnailUrl: '/ipfs/thumbnail/bafkreistill' } })).toEqual({ href: '/ipfs/thumbnail/bafkreistill' });
    expect(tokenPageImage({ getTokenFromHolding: { mediaType: 'gif', mediaUrl: '/ipfs/bafybeigif', thumbnailUrl: null } })).toBeNull();
  });

  it('a generative piece\'s and a sound\'s page preload their still thumbnail through its derivatives; a flipcard none', () => {
    for (const mediaType of ['multipart/mixed', 'sound']) {
      const hint = tokenPageImage({ getTokenFromHolding: { mediaType, mediaUrl: '/ipfs/bafkreisketch', thumbnailUrl: '/ipfs/thumbnail/bafkreistill' } });
      expect(hint?.href).toBe('/ipfs/thumbnail/bafkreistill');
      expect(hint?.srcSet).toContain('/ipfs/bafkreistill?w=960 960w');
      expect(hint?.sizes).toBe('(min-width: 56rem) min(44rem, 58vw), 100vw');
    }
    expect(tokenPageImage({ getTokenFromHolding: { mediaType: 'multipart/image', mediaUrl: '/ipfs/bafkreifront', thumbnailUrl: '/ipfs/thumbnail/bafkreifront' } })).toBeNull();
  });

  it('a video\'s page preloads its poster as the page shows it; compressed when asked', async () => {
    const { response, html } = await navigateAnswered(`/token/${videoHolding}`, 1, { 'Accept-Encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const poster = (answersOf(html)!.answers[0]!.data as { getTokenFromHolding: { thumbnailUrl: string } }).getTokenFromHolding.thumbnailUrl;
    expect(poster).toContain('bafkreivideoposter');
    expect(html).toContain(`<link rel="preload" as="image" href="${poster}" fetchpriority="high">`);
  });

  it('a holding that does not exist: the answer says so (the page shows its not-found state), no image', async () => {
    const { html } = await navigateAnswered('/token/999999');
    expect(answersOf(html)!.answers).toEqual([{ operationName: 'getTokenFromHolding', variables: { id: '999999' }, data: { getTokenFromHolding: null } }]);
    expect(html).not.toContain('as="image"');
  });

  it('none while every execution slot is taken: the page comes at once, without them', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slots = Array.from({ length: server.config.security.graphqlQueue.maxConcurrent }, () => server.graphqlExecutions.run(() => held));
    try {
      const response = await navigate(`/token/${imageHolding}`);
      expect(response.status).toBe(200);
      expect(answersOf(await response.text())).toBeNull();
      // Nor was the read queued behind the others (it would take a place the app's own reads wait for).
      expect(server.graphqlExecutions.queued).toBe(0);
    } finally {
      release();
      await Promise.all(slots);
    }
    // Once the slots are free, the page carries them again.
    await navigateAnswered(`/token/${imageHolding}`);
  });

  it('the home page carries its slides and preloads the first slide by position; the media page its two reads', async () => {
    const slide = (position: number) => ({ position, title: `Slide ${position}`, text: 'Text.', image: `bafkreifirstslide${position}`, alt: `Picture ${position}`, linkPath: '/explore', collectionId: null });
    await database.db.insert(homeSlides).values([slide(2), slide(1)]);
    const { html } = await navigateAnswered('/', 2);
    expect(answersOf(html)!.answers).toEqual([
      { operationName: 'getHomeSlides', variables: {}, data: (await graphql(server.app, sent('getHomeSlides'), {})).body.data },
      { operationName: 'getFeaturedCollections', variables: {}, data: (await graphql(server.app, sent('getFeaturedCollections'), {})).body.data },
    ]);
    // The first slide where the carousel shows (a wide screen); a phone's largest paint is the featured cover.
    const preload = html.match(/<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" media="([^"]+)" fetchpriority="high">/);
    expect(preload?.[1]).toBe('/ipfs/bafkreifirstslide1');
    expect(preload?.[2]).toContain('/ipfs/bafkreifirstslide1?w=640 640w');
    expect(preload?.[3]).toBe('(min-width: 76rem) 76rem, 100vw');
    expect(preload?.[4]).toBe('(min-width: 60rem)');
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, seededCollectionId));
    const featured = await (await navigate('/')).text();
    expect(featured).toMatch(new RegExp(`<link rel="preload" as="image" href="/ipfs/${seededCollection.cover}" imagesrcset="[^"]+" imagesizes="[^"]+" media="not all and \\(min-width: 60rem\\)" fetchpriority="high">`));

    const media = answersOf((await navigateAnswered('/media-articles', 2)).html)!;
    expect(media.answers.map((answer) => [answer.operationName, answer.variables])).toEqual([
      ['getFeaturedArticle', {}],
      ['getArticles', { pagination: { page: 1, perPage: 24 } }],
    ]);
    expect(media.answers[1]!.data).toEqual((await graphql(server.app, sent('getArticles'), { pagination: { page: 1, perPage: 24 } })).body.data);
  });

  it('explore carries its first page and preloads the first card\'s thumbnail; a filtered explore carries none', async () => {
    const { html } = await navigateAnswered('/explore');
    const page = answersOf(html)!;
    const direct = await graphql(server.app, sent('getMarketplaceTokens'), EXPLORE_FIRST_PAGE);
    expect(page.answers).toEqual([{ operationName: 'getMarketplaceTokens', variables: EXPLORE_FIRST_PAGE, data: direct.body.data }]);
    const first = (direct.body.data as unknown as { getMarketplaceTokens: { edges: Array<{ node: { thumbnailUrl: string | null; mediaType: string } }> } }).getMarketplaceTokens.edges[0]!.node;
    expect(first.thumbnailUrl).toBeTruthy();
    const href = html.match(/<link rel="preload" as="image" href="([^"]+)"/)?.[1];
    expect(href).toBe(first.thumbnailUrl);
    expect(answersOf(await (await navigate('/explore?view=collection')).text())).toBeNull();
    expect(answersOf(await (await navigate('/media-articles?page=2')).text())).toBeNull();
  });

  it('a collection page carries its collection (asked by the address in lower case) and preloads its cover', async () => {
    const { address, chainId, cover } = seededCollection;
    const mixed = `0x${address.slice(2).toUpperCase()}`;
    const { html } = await navigateAnswered(`/collection/${mixed}/${chainId}`);
    const variables = { address: address.toLowerCase(), chainId };
    expect(answersOf(html)!.answers).toEqual([{ operationName: 'getCollections', variables, data: (await graphql(server.app, sent('getCollections'), variables)).body.data }]);
    expect(html).toMatch(new RegExp(`<link rel="preload" as="image" href="/ipfs/${cover}" imagesrcset="[^"]+" imagesizes="\\(min-width: 48rem\\) 360px, 100vw" fetchpriority="high">`));
    // Addresses the route itself refuses (its 404 page) are not asked.
    expect(answersOf(await (await navigate(`/collection/0x12/${chainId}`)).text())).toBeNull();
    expect(answersOf(await (await navigate(`/collection/${address}/0`)).text())).toBeNull();
  });

  it('the exhibitions page carries the exhibition running now and the past ones, and preloads the current one\'s cover', async () => {
    const day = 86_400_000;
    await database.db.insert(exhibitions).values({ title: 'Now Showing', startDate: new Date(Date.now() - day), endDate: new Date(Date.now() + day), isFeatured: true, cover: 'bafkreiexhibitioncover' });
    const before = Date.now();
    const page = answersOf((await navigateAnswered('/exhibitions', 2)).html)!;
    const [current, past] = page.answers;
    expect(current!.operationName).toBe('getCurrentExhibition');
    expect(Date.parse((current!.variables as { cDate: string }).cDate)).toBeGreaterThanOrEqual(before - 1);
    expect((current!.data as { getCurrentExhibition: { title: string } }).getCurrentExhibition.title).toBe('Now Showing');
    expect(past).toEqual({ operationName: 'getPastExhibitions', variables: { pagination: { page: 1, perPage: 20 } }, data: (await graphql(server.app, sent('getPastExhibitions'), { pagination: { page: 1, perPage: 20 } })).body.data });
    const { html } = await navigateAnswered('/exhibitions', 2);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/ipfs\/bafkreiexhibitioncover" imagesrcset="[^"]+" imagesizes="\(min-width: 76rem\) 76rem, 100vw" fetchpriority="high">/);
    expect(answersOf(await (await navigate('/exhibitions?tab=past')).text())).toBeNull();
  });

  it('the artists catalogue carries its first page as the app asks it (50 a page)', async () => {
    const variables = { pagination: { perPage: 50 } };
    const page = answersOf((await navigateAnswered('/artists')).html)!;
    expect(page.answers).toEqual([{ operationName: 'getAllArtists', variables, data: (await graphql(server.app, sent('getAllArtists'), variables)).body.data }]);
  });

  it('an artist page asks by the address in lower case; an article id the app would not ask for is not asked', async () => {
    const mixed = '0x00000000000000000000000000000000000000Aa';
    const page = answersOf((await navigateAnswered(`/artist/${mixed}`)).html)!;
    expect(page.answers).toEqual([{ operationName: 'getArtistInfo', variables: { artist_id: mixed.toLowerCase() }, data: { getArtistInfo: null } }]);
    expect(answersOf(await (await navigate('/article/0')).text())).toBeNull();
    expect(answersOf((await navigateAnswered('/article/12')).html)!.answers).toEqual([{ operationName: 'getArticle', variables: { id: '12' }, data: { getArticle: null } }]);
  });

  it('none for a refused region, a HEAD, a route without first reads, and a read that fails', async () => {
    expect(answersOf(await (await navigate(`/token/${imageHolding}`, { 'cf-ipcountry': 'KP' })).text())).toBeNull();
    const head = await server.app.request(`/token/${imageHolding}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).not.toBeNull();
    const studio = await navigate('/studio/list');
    expect(answersOf(await studio.text())).toBeNull();
    expect(studio.headers.get('etag')).not.toBeNull();
    // An id the server refuses: its answer has errors, so the page carries none and the app's own read shows them.
    const refused = await graphql(server.app, sent('getTokenFromHolding'), { id: 'not-a-number' });
    expect(refused.body.errors?.[0]?.message).toContain('Invalid id');
    expect(answersOf(await (await navigate('/token/not-a-number')).text())).toBeNull();
  });
});
