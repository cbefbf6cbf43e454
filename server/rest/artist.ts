// REST under /api/v1/artist (issue 15, seed 001 §7 "POST /artist (multipart); PUT /artist/{id} (multipart)"): a
// creator's own artist profile. POST creates the signed-in creator's record, PUT /artist/{address} updates it;
// only that creator, the shared rules (domain/artist.ts), images sniffed and size-limited, one transaction.
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { artistSortKey, FEATURED_ARTWORK_MESSAGE } from '../../domain/artist.js';
import { accountAddressIs } from '../accounts/store.js';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';
import { accounts, artists, tokens } from '../db/schema.js';
import { artistNode } from '../graphql/artists/queries.js';
import { ApiError, parseInput } from '../http/errors.js';
import { readFormOnly } from '../http/body.js';
import { collectDropped, holdMedia } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import { parseArtistForm, type ArtistForm } from './artistForm.js';
import type { RestRouteOptions } from './routeOptions.js';
import { z } from 'zod';

export const NOT_A_CREATOR_MESSAGE = 'Only accepted artists (creators) have an artist profile.';
export const OWN_PROFILE_MESSAGE = 'Only this artist can edit their artist profile.';
export const PROFILE_EXISTS_MESSAGE = 'You already have an artist profile: update it with PUT /api/v1/artist/{address}.';
export const NO_PROFILE_MESSAGE = 'No artist profile for this account yet: create it with POST /api/v1/artist.';

const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'The artist must be a 0x-prefixed wallet address.')
  .transform((value) => value.toLowerCase());

const orNull = (text: string) => (text === '' ? null : text);

/** Writes the profile in the caller's transaction; anything thrown rolls back every row, media included. */
async function saveProfile(mediaStore: MediaStore, tx: Db, account: typeof accounts.$inferSelect, existing: typeof artists.$inferSelect | null, form: ArtistForm) {
  const { profile } = form;
  if (profile.featuredArtwork !== '') {
    const [token] = await tx
      .select({ id: tokens.id })
      .from(tokens)
      .where(and(eq(tokens.id, Number(profile.featuredArtwork)), eq(tokens.creator, account.address)));
    if (!token) throw new ApiError(400, 'invalid_input', FEATURED_ARTWORK_MESSAGE);
  }
  const store = mediaStore.within(tx);
  const kept = form.portfolio.items.flatMap((item) => (item.image.kind === 'kept' ? [item.image.cid] : []));
  if (!form.cover && existing?.cover) kept.push(existing.cover);
  // Named again without being stored again: marked reused, so a collection running meanwhile keeps them.
  await holdMedia(tx, kept);
  const cover = form.cover ? await store.put(form.cover.bytes, form.cover.contentType) : (existing?.cover ?? null);
  const items = [];
  for (const item of form.portfolio.items) {
    const cid = item.image.kind === 'kept' ? item.image.cid : await store.put(item.image.upload.bytes, item.image.upload.contentType);
    items.push({ mediaUrl: cid, description: item.description });
  }
  const [updatedAccount] = await tx
    .update(accounts)
    .set({
      firstName: profile.firstName,
      lastName: orNull(profile.lastName),
      web: orNull(profile.web),
      twitter: orNull(profile.twitter),
      instagram: orNull(profile.instagram),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, account.id))
    .returning();
  const values = {
    sortKey: artistSortKey({ firstName: updatedAccount!.firstName, lastName: updatedAccount!.lastName, alias: updatedAccount!.alias, address: account.address }),
    cover,
    description: orNull(profile.description),
    featuredTokenId: profile.featuredArtwork === '' ? null : Number(profile.featuredArtwork),
    featuredArtworkDescription: orNull(profile.featuredArtworkDescription ?? ''),
    about: orNull(profile.about ?? ''),
    highlights: profile.highlights,
    portfolio: { context: profile.portfolio.context, items },
    updatedAt: new Date(),
  };
  const [artist] = existing
    ? await tx.update(artists).set(values).where(eq(artists.id, existing.id)).returning()
    : await tx.insert(artists).values({ accountId: account.id, ...values }).returning();
  return { account: updatedAccount!, artist: artist! };
}

export function artistRoutes({ db, config, limiter, mediaStore }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const ipfs = config.public.ipfs;

  /** The signed-in account, which must be a creator, with its artist record if any. */
  async function creatorOf(c: Context<AuthEnv>) {
    const auth = signedInAccount(c);
    const [row] = await db
      .select({ account: accounts, artist: artists })
      .from(accounts)
      .leftJoin(artists, eq(artists.accountId, accounts.id))
      .where(accountAddressIs(auth.address));
    if (!row || !row.account.isCreator) throw new ApiError(403, 'not_a_creator', NOT_A_CREATOR_MESSAGE);
    return row;
  }

  async function save(c: Context<AuthEnv>, row: Awaited<ReturnType<typeof creatorOf>>) {
    const body = await readFormOnly(c, 'Send the artist profile as multipart/form-data.');
    const form = await parseArtistForm(body, { account: row.account, artist: row.artist }, config.public.maxFileSize);
    const saved = await db.transaction((tx) => saveProfile(mediaStore, tx as unknown as Db, row.account, row.artist, form));
    // A replaced cover or a portfolio image left out is collected unless something else names it.
    const before = row.artist ? [row.artist.cover, ...row.artist.portfolio.items.map((item) => item.mediaUrl)] : [];
    const after = new Set([saved.artist.cover, ...saved.artist.portfolio.items.map((item) => item.mediaUrl)]);
    await collectDropped(db, before.filter((cid) => cid && !after.has(cid)), config.security.storage.mediaGraceMs);
    return saved;
  }

  api.post('/', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    const row = await creatorOf(c);
    if (row.artist) throw new ApiError(409, 'exists', PROFILE_EXISTS_MESSAGE);
    const saved = await save(c, row);
    return c.json(artistNode(ipfs, saved.artist, saved.account), 201);
  });

  api.put('/:address', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    const address = parseInput(addressSchema, c.req.param('address'));
    if (address !== signedInAccount(c).address) throw new ApiError(403, 'forbidden', OWN_PROFILE_MESSAGE);
    const row = await creatorOf(c);
    if (!row.artist) throw new ApiError(404, 'not_found', NO_PROFILE_MESSAGE);
    const saved = await save(c, row);
    return c.json(artistNode(ipfs, saved.artist, saved.account));
  });

  return api;
}
