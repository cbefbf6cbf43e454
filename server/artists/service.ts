// The artists service: a creator's own artist profile (the artists' pages) — create it once, then update it; only that
// creator, the shared rules (domain/artist.ts, checked by ./form.ts), images stored in the same transaction as the
// rows. Also the artist page's read by address, which GraphQL's getArtistInfo (graphql/artists) answers with.
// Errors are ApiErrors with the status and message the REST answer (./routes.ts) carries.
import { artistDisplayName, artistSortKey, FEATURED_ARTWORK_MESSAGE } from '../../domain/artist.js';
import type { AccountRow } from '../accounts/store.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { mediaUrl, thumbnailUrl, type Ipfs } from '../graphql/people.js';
import { ApiError } from '../http/errors.js';
import { collectDropped, holdMedia } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import type { ArtistForm } from './form.js';
import { findAccountWithArtist, insertArtist, isTokenOf, updateArtist, updateArtistAccount, type ArtistRow, type Tx } from './queries.js';

export const NOT_A_CREATOR_MESSAGE = 'Only accepted artists (creators) have an artist profile.';
export const OWN_PROFILE_MESSAGE = 'Only this artist can edit their artist profile.';
export const PROFILE_EXISTS_MESSAGE = 'You already have an artist profile: update it with PUT /api/v1/artist/{address}.';
export const NO_PROFILE_MESSAGE = 'No artist profile for this account yet: create it with POST /api/v1/artist.';

export interface ArtistNode {
  id: string;
  _id: string;
  displayName: string;
  account: {
    id: string;
    address: string;
    alias: string | null;
    avatar: string | null;
    firstName: string | null;
    lastName: string | null;
    web: string | null;
    twitter: string | null;
    instagram: string | null;
    isCreator: boolean;
  };
  cover: string | null;
  coverThumbnail: string | null;
  description: string | null;
  comments: string | null;
  featuredArtworkDescription: string | null;
  highlights: { date: string; achievement: string }[];
  portfolio: { context: string; items: { mediaUrl: string; thumbnailUrl: string; description: string }[] };
  /** Read by the nested field resolvers. */
  rowId: number;
  featuredTokenId: number | null;
}

/** An artist as both APIs answer it (the REST save and GraphQL's Artist). */
export function artistNode(ipfs: Ipfs, artist: ArtistRow, account: AccountRow): ArtistNode {
  return {
    id: account.address,
    _id: String(artist.id),
    displayName: artistDisplayName({ firstName: account.firstName, lastName: account.lastName, alias: account.alias, address: account.address }),
    account: {
      id: String(account.id),
      address: account.address,
      alias: account.alias,
      avatar: thumbnailUrl(ipfs, account.avatar),
      firstName: account.firstName,
      lastName: account.lastName,
      web: account.web,
      twitter: account.twitter,
      instagram: account.instagram,
      isCreator: account.isCreator,
    },
    cover: mediaUrl(ipfs, artist.cover),
    coverThumbnail: thumbnailUrl(ipfs, artist.cover),
    description: artist.description,
    comments: artist.about,
    featuredArtworkDescription: artist.featuredArtworkDescription,
    highlights: artist.highlights,
    portfolio: {
      context: artist.portfolio.context,
      items: artist.portfolio.items.map((item) => ({
        mediaUrl: mediaUrl(ipfs, item.mediaUrl)!,
        thumbnailUrl: thumbnailUrl(ipfs, item.mediaUrl)!,
        description: item.description,
      })),
    },
    rowId: artist.id,
    featuredTokenId: artist.featuredTokenId,
  };
}

/** The artist profile of an address (any account, creator or not); null when it has none. */
export async function findArtist(db: Db, ipfs: Ipfs, address: string): Promise<ArtistNode | null> {
  const row = await findAccountWithArtist(db, address);
  return row?.artist ? artistNode(ipfs, row.artist, row.account) : null;
}

/** A creator's account with its artist record, as stored before a save (what a PUT keeps for fields it omits). */
export interface CreatorProfile {
  account: AccountRow;
  artist: ArtistRow | null;
}

const orNull = (text: string) => (text === '' ? null : text);

/** Writes the profile in the caller's transaction; anything thrown rolls back every row, media included. */
async function saveProfile(mediaStore: MediaStore, tx: Tx, { account, artist: existing }: CreatorProfile, form: ArtistForm) {
  const { profile } = form;
  if (profile.featuredArtwork !== '' && !(await isTokenOf(tx, Number(profile.featuredArtwork), account.address))) {
    throw new ApiError(400, 'invalid_input', FEATURED_ARTWORK_MESSAGE);
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
  const updatedAccount = await updateArtistAccount(tx, account.id, {
    firstName: profile.firstName,
    lastName: orNull(profile.lastName),
    web: orNull(profile.web),
    twitter: orNull(profile.twitter),
    instagram: orNull(profile.instagram),
  });
  const values = {
    sortKey: artistSortKey({ firstName: updatedAccount.firstName, lastName: updatedAccount.lastName, alias: updatedAccount.alias, address: account.address }),
    cover,
    description: orNull(profile.description),
    featuredTokenId: profile.featuredArtwork === '' ? null : Number(profile.featuredArtwork),
    featuredArtworkDescription: orNull(profile.featuredArtworkDescription ?? ''),
    about: orNull(profile.about ?? ''),
    highlights: profile.highlights,
    portfolio: { context: profile.portfolio.context, items },
    updatedAt: new Date(),
  };
  const artist = existing ? await updateArtist(tx, existing.id, values) : await insertArtist(tx, account.id, values);
  return { account: updatedAccount, artist };
}

export function artistsService({ db, config, mediaStore }: { db: Db; config: ServerConfig; mediaStore: MediaStore }) {
  const ipfs = config.public.ipfs;

  /** The viewer's account, which must be a creator, with its artist record if any. */
  async function creatorOf(viewer: string): Promise<CreatorProfile> {
    const row = await findAccountWithArtist(db, viewer);
    if (!row || !row.account.isCreator) throw new ApiError(403, 'not_a_creator', NOT_A_CREATOR_MESSAGE);
    return row;
  }

  return {
    /** The viewer's profile before a create: a creator without an artist record (403, 409). Checked before the form is read. */
    async creatable(viewer: string): Promise<CreatorProfile> {
      const row = await creatorOf(viewer);
      if (row.artist) throw new ApiError(409, 'exists', PROFILE_EXISTS_MESSAGE);
      return row;
    },

    /** The profile of `address` before an update: only its own creator (403), and it must exist (404). */
    async updatable(viewer: string, address: string): Promise<CreatorProfile> {
      if (address !== viewer) throw new ApiError(403, 'forbidden', OWN_PROFILE_MESSAGE);
      const row = await creatorOf(viewer);
      if (!row.artist) throw new ApiError(404, 'not_found', NO_PROFILE_MESSAGE);
      return row;
    },

    /** Saves the checked form over the stored profile in one transaction; the artist as the APIs answer it. */
    async save(stored: CreatorProfile, form: ArtistForm): Promise<ArtistNode> {
      const saved = await db.transaction((tx) => saveProfile(mediaStore, tx, stored, form));
      // A replaced cover or a portfolio image left out is collected unless something else names it.
      const before = stored.artist ? [stored.artist.cover, ...stored.artist.portfolio.items.map((item) => item.mediaUrl)] : [];
      const after = new Set([saved.artist.cover, ...saved.artist.portfolio.items.map((item) => item.mediaUrl)]);
      await collectDropped(db, before.filter((cid) => cid && !after.has(cid)), config.security.storage.mediaGraceMs);
      return artistNode(ipfs, saved.artist, saved.account);
    },
  };
}
