// The artists' pages XSS: an HTML/script payload through every stored text field of the artist routes is stored as text and
// answered as JSON text, never as markup: POST /api/v1/artist (every free text field, the portfolio captions and
// context, highlights, about, featuredArtworkDescription), the names refusing markup, an account alias that names
// an artist (PUT /api/v1/account/{id} → the catalogue's display name), and GET /api/v1/article/{id} (title and HTML
// body as JSON strings; the body's media URL served sandboxed). Real server and database, PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articles, artists } from '../../server/db/schema.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';

const XSS = '<img src=x onerror=alert(1)><script>alert("x")</script>';
const CAPTION = '<svg onload=alert(1)>"\'&amp;</svg>';
const HANDLE = '<script>alert(1)</script>';

const INFO = /* GraphQL */ `query ($a: String!) { getArtistInfo(artist_id: $a) {
  displayName description comments featuredArtworkDescription account { alias web twitter instagram }
  highlights { date achievement } portfolio { context items { description } } } }`;
const CATALOGUE = /* GraphQL */ `query { getAllArtists(pagination: { perPage: 50 }) { edges { node { id displayName description } } } }`;

describe.each(DATABASE_KINDS)('artist routes keep markup as text on %s', (kind) => {
  let w: CanvasWorld;

  const graphql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await w.server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return ((await response.json()) as { data: T }).data;
  };
  const form = (fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('markup in a first or last name is refused with the rule\'s message and writes nothing', async () => {
    const cases: Array<Record<string, string>> = [{ firstName: '<script>alert(1)</script>' }, { firstName: 'Alice', lastName: '<img src=x onerror=alert(1)>' }];
    for (const names of cases) {
      const before = await w.snapshot();
      expect(await errorOf(await w.request(w.keys.alice, '/artist', { method: 'POST', body: form(names) }))).toEqual({
        status: 400, error: 'invalid_input', message: 'Only letters are allowed',
      });
      expect(w.diff(before, await w.snapshot())).toEqual([]);
    }
  });

  it('POST /artist stores markup in every free text field as the same text: the JSON answer, getArtistInfo and the catalogue', async () => {
    const response = await w.request(w.keys.alice, '/artist', {
      method: 'POST',
      body: form({
        firstName: 'Alice',
        description: XSS,
        about: XSS,
        featuredArtworkDescription: XSS,
        web: 'https://alice.art/?q=<script>alert(1)</script>',
        twitter: HANDLE,
        instagram: HANDLE,
        highlights: JSON.stringify([{ date: '2024-05-12', achievement: XSS }]),
        portfolio: JSON.stringify({ context: XSS, items: [{ description: CAPTION, file: 0 }] }),
        portfolioImages: new File([w.images.png], 'p.png', { type: 'image/png' }),
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const expected = {
      description: XSS,
      comments: XSS,
      featuredArtworkDescription: XSS,
      account: { web: 'https://alice.art/?q=<script>alert(1)</script>', twitter: HANDLE, instagram: HANDLE },
      highlights: [{ date: '2024-05-12', achievement: XSS }],
      portfolio: { context: XSS, items: [{ description: CAPTION }] },
    };
    expect(await response.json()).toMatchObject(expected);
    expect((await graphql<{ getArtistInfo: unknown }>(INFO, { a: ALICE_ADDRESS })).getArtistInfo).toMatchObject(expected);
    const catalogue = await graphql<{ getAllArtists: { edges: { node: { id: string; description: string } }[] } }>(CATALOGUE);
    expect(catalogue.getAllArtists.edges.find((edge) => edge.node.id === ALICE_ADDRESS)?.node.description).toBe(XSS);
  });

  it('an alias with markup that names an artist is its display name as text, and its sort key', async () => {
    // Bob's record has no first name (as an artist the seed made), so his alias is his name.
    const [bob] = await w.db.select().from(accounts).where(eq(accounts.address, BOB_ADDRESS));
    await w.db.insert(artists).values({ accountId: bob!.id, sortKey: 'bob' });
    const alias = '<img src=x onerror=alert(1)>';
    const response = await w.request(w.keys.bob, `/account/${BOB_ADDRESS}`, { method: 'PUT', body: form({ alias, email: 'bob@example.com', avatarChanged: 'false' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { alias: string }).alias).toBe(alias);
    expect((await graphql<{ getArtistInfo: { displayName: string } }>(INFO, { a: BOB_ADDRESS })).getArtistInfo.displayName).toBe(alias);
    const [row] = await w.db.select({ sortKey: artists.sortKey }).from(artists).where(eq(artists.accountId, bob!.id));
    expect(row!.sortKey).toBe(alias.toLowerCase());
    const catalogue = await graphql<{ getAllArtists: { edges: { node: { id: string; displayName: string } }[] } }>(CATALOGUE);
    expect(catalogue.getAllArtists.edges.map((edge) => edge.node.displayName)).toContain(alias);
  });

  it('GET /article/{id}: a title and body with script are JSON strings; the body itself is served sandboxed', async () => {
    const html = `<h1>Meet Alice</h1>${XSS}<iframe src="javascript:alert(1)"></iframe>`;
    const cid = await w.server.mediaStore.put(new TextEncoder().encode(html), 'text/html');
    const [artist] = await w.db.select({ id: artists.id }).from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(eq(accounts.address, ALICE_ADDRESS));
    const [article] = await w.db.insert(articles).values({ type: 'interview', title: XSS, ipfsHash: cid, artistId: artist!.id }).returning();

    const response = await w.request(null, `/article/${article!.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await response.json()) as { title: string; body: string; mediaUrl: string };
    expect(body).toMatchObject({ title: XSS, body: html, mediaUrl: `/ipfs/${cid}` });

    // Opened directly, the stored HTML runs in an opaque origin (CSP sandbox): no access to the app's storage or keys.
    const media = await w.server.app.request(body.mediaUrl);
    expect(media.status).toBe(200);
    // On the app's origin a stored page is only a plain-text download (the content origin for creators' scripts).
    expect(media.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(media.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(media.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts;/);
    expect(await media.text()).toBe(html);
  });
});
