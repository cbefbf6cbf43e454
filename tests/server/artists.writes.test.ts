// The artists' pages writes: POST /api/v1/artist and PUT /api/v1/artist/{address} — who may (the signed-in creator, only for
// their own record), the shared rules' literal messages, sniffed and size-limited images, a refused save writing
// nothing (media included), HTML/script stored as text in every free text field; GET /api/v1/article/{id}. Real
// server and database, PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnswer } from '../../domain/contracts/answers.js';
import { accounts, articles, artists } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';

const INFO = /* GraphQL */ `query ($a: String!) { getArtistInfo(artist_id: $a) {
  displayName description comments featuredArtworkDescription account { firstName lastName web twitter instagram }
  highlights { date achievement } portfolio { context items { mediaUrl description } } } }`;

type Fields = Record<string, string | Blob | Blob[]>;

function formOf(fields: Fields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

const profile = (over: Fields = {}): Fields => ({
  firstName: 'Alice',
  lastName: 'Liddell',
  description: 'Draws harbours at night.',
  web: 'https://alice.art',
  twitter: 'alice',
  instagram: 'alice.studio',
  highlights: JSON.stringify([{ date: '2024-05-12', achievement: 'First solo show' }]),
  portfolio: JSON.stringify({ context: 'Studies', items: [{ description: 'Study 1', file: 0 }, { description: 'Study 2', file: 1 }] }),
  ...over,
});

describe.each(DATABASE_KINDS)('artist profile writes on %s', (kind) => {
  let w: CanvasWorld;
  let png: File;
  let jpeg: File;
  let webp: File;

  const send = (key: ApiKeyCredentials | null, method: 'POST' | 'PUT', path: string, fields: Fields) => w.request(key, path, { method, body: formOf(fields) });
  const info = async (address: string) => {
    const response = await w.server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: INFO, variables: { a: address } }) });
    return ((await response.json()) as { data: { getArtistInfo: Record<string, unknown> | null } }).data.getArtistInfo;
  };

  beforeAll(async () => {
    w = await canvasWorld(kind);
    png = new File([w.images.png], 'a.png', { type: 'image/png' });
    jpeg = new File([w.images.jpeg], 'b.jpg', { type: 'image/jpeg' });
    webp = new File([w.images.webp], 'c.webp', { type: 'image/webp' });
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('refuses anonymous (401), a collector (403) and a body that is not multipart (415), writing nothing', async () => {
    const before = await w.snapshot();
    expect((await send(null, 'POST', '/artist', profile({ portfolioImages: [png, jpeg] }))).status).toBe(401);
    expect(await errorOf(await send(w.keys.carol, 'POST', '/artist', profile({ portfolioImages: [png, jpeg] })))).toEqual({
      status: 403, error: 'not_a_creator', message: 'Only accepted artists (creators) have an artist profile.',
    });
    const json = await w.request(w.keys.alice, '/artist', { method: 'POST', ...w.json({ firstName: 'Alice' }) });
    expect(await errorOf(json)).toEqual({ status: 415, error: 'unsupported_media_type', message: 'Send the artist profile as multipart/form-data.' });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  const badInputs: [string, Fields, number, string][] = [
    ['no first name', { firstName: ' ' }, 400, 'Required Field'],
    ['a first name of 31 letters', { firstName: 'a'.repeat(31) }, 400, 'Maximum 30 characters'],
    ['a last name of 31 letters', { lastName: 'b'.repeat(31) }, 400, 'Maximum 30 characters'],
    ['a digit in the first name', { firstName: 'Alice1' }, 400, 'Only letters are allowed'],
    ['markup in the last name', { lastName: '<b>Liddell</b>' }, 400, 'Only letters are allowed'],
    ['a website without a scheme', { web: 'alice.art' }, 400, 'Enter a valid URL'],
    ['a javascript: website', { web: 'javascript:alert(1)' }, 400, 'Enter a valid URL'],
    ['# in the x handle', { twitter: 'alice#art' }, 400, 'Special Character # and & not allowed'],
    ['& in the instagram handle', { instagram: 'alice&art' }, 400, 'Special Character # and & not allowed'],
    ['8 highlights', { highlights: JSON.stringify(Array(8).fill({ date: '2024-05-12', achievement: 'Show' })) }, 400, 'At most 7 highlights'],
    ['a highlight without a date', { highlights: JSON.stringify([{ date: '', achievement: 'Show' }]) }, 400, 'Required Field'],
    ['a highlight on 30 February', { highlights: JSON.stringify([{ date: '2024-02-30', achievement: 'Show' }]) }, 400, 'Enter a valid date'],
    ['highlights that are not JSON', { highlights: '[{' }, 400, 'highlights must be JSON.'],
    ['a caption of 101 characters', { portfolio: JSON.stringify({ context: '', items: [{ description: 'c'.repeat(101), file: 0 }, { description: '', file: 1 }] }) }, 400, 'Maximum 100 characters'],
    ['a context of 501 characters', { portfolio: JSON.stringify({ context: 'x'.repeat(501), items: [{ description: '', file: 0 }, { description: '', file: 1 }] }) }, 400, 'Maximum 500 characters'],
    ['10 portfolio items', { portfolio: JSON.stringify({ context: '', items: Array.from({ length: 10 }, (_, i) => ({ description: '', file: i % 2 })) }) }, 400, 'At most 9 portfolio images'],
    ['an image without its item', { portfolio: JSON.stringify({ context: '', items: [{ description: '', file: 0 }] }) }, 400, 'Every portfolio image needs its portfolio item.'],
    ['an item naming a missing file', { portfolio: JSON.stringify({ context: '', items: [{ description: '', file: 0 }, { description: '', file: 1 }, { description: '', file: 2 }] }) }, 400, 'portfolio.items.2.file names no uploaded portfolio image.'],
    ['an item keeping an image it never had', { portfolio: JSON.stringify({ context: '', items: [{ description: '', file: 0 }, { description: '', file: 1 }, { description: '', mediaUrl: '/ipfs/bafkreiabc' }] }) }, 400, 'portfolio.items.2.mediaUrl is not an image of this portfolio.'],
    ['a featured artwork that is not a token id', { featuredArtwork: 'abc' }, 400, 'Choose one of the artworks you created'],
    ['a featured artwork by someone else', { featuredArtwork: 'BOB_TOKEN' }, 400, 'Choose one of the artworks you created'],
    ['a GIF portfolio image', { portfolioImages: [new File([new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'))], 'g.png', { type: 'image/png' })] }, 415, 'Portfolio images must be PNG, JPEG or WebP'],
    ['HTML named .png', { portfolioImages: [new File(['<script>alert(1)</script>'], 'x.png', { type: 'image/png' })] }, 415, 'Portfolio images must be PNG, JPEG or WebP'],
    ['a cover that is not an image', { cover: new File(['<svg onload=alert(1)>'], 'c.png', { type: 'image/png' }) }, 415, 'The cover must be a PNG, JPEG or WebP image.'],
    ['an empty portfolio file', { portfolioImages: [new File([], 'e.png', { type: 'image/png' })] }, 400, 'The portfolio image file is empty.'],
    ['a portfolio image over 10 MB', { portfolioImages: [new File([new Uint8Array(10_485_761)], 'big.png', { type: 'image/png' })] }, 413, 'The portfolio image is larger than the 10 MB limit.'],
  ];

  it.each(badInputs)('refuses %s with its message and writes nothing (media included)', async (_, over, status, message) => {
    const canvas = await w.create(w.keys.bob, w.details({ name: 'Bob work' }));
    const [bobToken] = await w.addTokens(canvas.id, ['Bob token']);
    // The table names the second portfolio image when it is the bad one; the first is always a good PNG.
    const second = (over.portfolioImages as Blob[] | undefined) ?? [jpeg];
    const fields = profile({ cover: webp, ...over, portfolioImages: [png, ...second] });
    if (fields.featuredArtwork === 'BOB_TOKEN') fields.featuredArtwork = String(bobToken!.id);
    const before = await w.snapshot();
    const answer = await errorOf(await send(w.keys.alice, 'POST', '/artist', fields));
    expect([answer.status, answer.message]).toEqual([status, message]);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('POST creates the signed-in creator\'s profile: 201, names and socials on the account, cover and portfolio stored, sort key', async () => {
    const canvas = await w.create(w.keys.alice, w.details({ name: 'Harbour' }));
    const [token] = await w.addTokens(canvas.id, ['Night Tide']);
    const response = await send(w.keys.alice, 'POST', '/artist', profile({ cover: webp, portfolioImages: [png, jpeg], featuredArtwork: String(token!.id) }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown> & { portfolio: { items: { mediaUrl: string }[] } };
    // What the profile form reads back (its answer contract) is in the answer.
    expect(parseAnswer('artistSaved', body)).toMatchObject({ ok: true, answer: { featuredTokenId: token!.id, account: { firstName: 'Alice' } } });
    expect(body).toMatchObject({
      id: ALICE_ADDRESS,
      displayName: 'Alice Liddell',
      description: 'Draws harbours at night.',
      account: { firstName: 'Alice', lastName: 'Liddell', web: 'https://alice.art', twitter: 'alice', instagram: 'alice.studio', isCreator: true },
      highlights: [{ date: '2024-05-12', achievement: 'First solo show' }],
      portfolio: { context: 'Studies', items: [{ description: 'Study 1' }, { description: 'Study 2' }] },
    });
    const served = await Promise.all([String(body.cover), ...body.portfolio.items.map((item) => item.mediaUrl)].map((url) => w.server.app.request(url)));
    expect(served.map((r) => [r.status, r.headers.get('content-type')])).toEqual([[200, 'image/webp'], [200, 'image/png'], [200, 'image/jpeg']]);
    const [row] = await w.db.select().from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(eq(accounts.address, ALICE_ADDRESS));
    expect(row!.artists).toMatchObject({ sortKey: 'alice liddell', featuredTokenId: token!.id });

    const before = await w.snapshot();
    expect(await errorOf(await send(w.keys.alice, 'POST', '/artist', profile({ portfolioImages: [png, jpeg] })))).toEqual({
      status: 409, error: 'exists', message: 'You already have an artist profile: update it with PUT /api/v1/artist/{address}.',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('PUT is only for that creator: another creator 403, a collector 403, a creator without a profile 404, a bad address 400', async () => {
    const before = await w.snapshot();
    expect(await errorOf(await send(w.keys.bob, 'PUT', `/artist/${ALICE_ADDRESS}`, { firstName: 'Mallory' }))).toEqual({
      status: 403, error: 'forbidden', message: 'Only this artist can edit their artist profile.',
    });
    const carol = w.keys.carol.address;
    expect(await errorOf(await send(w.keys.carol, 'PUT', `/artist/${carol}`, { firstName: 'Carol' }))).toEqual({
      status: 403, error: 'not_a_creator', message: 'Only accepted artists (creators) have an artist profile.',
    });
    expect(await errorOf(await send(w.keys.bob, 'PUT', `/artist/${BOB_ADDRESS}`, { firstName: 'Bob' }))).toEqual({
      status: 404, error: 'not_found', message: 'No artist profile for this account yet: create it with POST /api/v1/artist.',
    });
    expect((await send(w.keys.alice, 'PUT', '/artist/alice', { firstName: 'Alice' })).status).toBe(400);
    expect((await send(null, 'PUT', `/artist/${ALICE_ADDRESS}`, { firstName: 'Eve' })).status).toBe(401);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('PUT updates what it sends and keeps the rest: a kept and a new portfolio image, the cover kept, the sort key follows the name', async () => {
    const current = (await info(ALICE_ADDRESS)) as { portfolio: { items: { mediaUrl: string }[] } };
    const kept = current.portfolio.items[1]!.mediaUrl;
    const response = await send(w.keys.alice, 'PUT', `/artist/${ALICE_ADDRESS.toUpperCase().replace('0X', '0x')}`, {
      lastName: 'Pleasance',
      highlights: JSON.stringify([{ date: '2025-10-03', achievement: 'Joined Art Bazaar' }, { date: '2024-05-12', achievement: 'First solo show' }]),
      portfolio: JSON.stringify({ context: 'New studies', items: [{ description: 'Kept', mediaUrl: kept }, { description: 'New', file: 0 }] }),
      portfolioImages: [webp],
    });
    expect(response.status).toBe(200);
    const after = await info(ALICE_ADDRESS);
    expect(after).toMatchObject({
      displayName: 'Alice Pleasance',
      description: 'Draws harbours at night.',
      account: { firstName: 'Alice', lastName: 'Pleasance', twitter: 'alice' },
      highlights: [{ date: '2025-10-03', achievement: 'Joined Art Bazaar' }, { date: '2024-05-12', achievement: 'First solo show' }],
      portfolio: { context: 'New studies', items: [{ description: 'Kept', mediaUrl: kept }, { description: 'New' }] },
    });
    const [row] = await w.db.select({ sortKey: artists.sortKey, cover: artists.cover }).from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(eq(accounts.address, ALICE_ADDRESS));
    expect(row!.sortKey).toBe('alice pleasance');
    expect(row!.cover).not.toBeNull();
    // Emptying optional fields clears them.
    expect((await send(w.keys.alice, 'PUT', `/artist/${ALICE_ADDRESS}`, { lastName: '', web: '', featuredArtwork: '' })).status).toBe(200);
    expect(await info(ALICE_ADDRESS)).toMatchObject({ displayName: 'Alice', account: { lastName: null, web: null } });
  });

  it('HTML and script in every free text field are stored and returned as the same text', async () => {
    const xss = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    const short = '<script>alert(1)</script>';
    const response = await send(w.keys.alice, 'PUT', `/artist/${ALICE_ADDRESS}`, {
      description: xss,
      about: xss,
      featuredArtworkDescription: xss,
      web: 'https://alice.art/?q=<script>alert(1)</script>',
      twitter: short,
      instagram: short,
      highlights: JSON.stringify([{ date: '2024-05-12', achievement: xss }]),
      portfolio: JSON.stringify({ context: xss, items: [{ description: short, file: 0 }] }),
      portfolioImages: [png],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await info(ALICE_ADDRESS)).toMatchObject({
      description: xss,
      comments: xss,
      featuredArtworkDescription: xss,
      account: { web: 'https://alice.art/?q=<script>alert(1)</script>', twitter: short, instagram: short },
      highlights: [{ achievement: xss }],
      portfolio: { context: xss, items: [{ description: short }] },
    });
  });

  it('line breaks sent as CRLF (a browser\'s multipart body) are stored as LF and counted once against the limits', async () => {
    // 1,000 lines of 1 character: 1,999 characters with LF breaks (under the 2,000 limit), 2,998 with CRLF.
    const context = Array.from({ length: 1000 }, () => 'x').join('\r\n');
    const response = await send(w.keys.alice, 'PUT', `/artist/${ALICE_ADDRESS}`, {
      description: 'Line one\r\nLine two',
      about: context,
    });
    expect(response.status).toBe(200);
    expect(await info(ALICE_ADDRESS)).toMatchObject({ description: 'Line one\nLine two', comments: context.replaceAll('\r\n', '\n') });
  });

  it('GET /article/{id}: the article with its HTML body from the media store; 404 unknown, 400 not an id', async () => {
    const html = '<h1>Meet Alice</h1><p>Harbours at night.</p>';
    const cid = await w.server.mediaStore.put(new TextEncoder().encode(html), 'text/html');
    const [artist] = await w.db.select({ id: artists.id }).from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(eq(accounts.address, ALICE_ADDRESS));
    const [article] = await w.db.insert(articles).values({ type: 'interview', title: 'Meet Alice', ipfsHash: cid, artistId: artist!.id }).returning();
    const response = await w.request(null, `/article/${article!.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: String(article!.id), type: 'interview', title: 'Meet Alice', ipfsHash: cid, mediaUrl: `/ipfs/${cid}`, artist: ALICE_ADDRESS, body: html });
    expect(await errorOf(await w.request(null, '/article/999999'))).toEqual({ status: 404, error: 'not_found', message: 'No article with this id.' });
    expect((await w.request(null, '/article/abc')).status).toBe(400);
  });
});
