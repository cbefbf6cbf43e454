// Collection manifests: the JSON a collection's baseURI names (ipfs://<cid>/): the collection.json of a collection
// directory (media/directory.ts), or, for collections published before, the raw JSON document itself in the media store.
// They let the indexer describe a collection nobody pre-wrote a row for (e.g. one minted before a database reset).
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { COLLECTION_FILE, readDirectoryFile } from '../media/directory.js';
import { mediaStoreOf, type MediaStore } from '../media/store.js';

const record = z.record(z.string(), z.unknown());

export const collectionManifestSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string().default(''),
  mediaType: z.string().default('image'),
  cover: z.string().nullish(),
  thumbnail: z.string().nullish(),
  attributes: record.nullish(),
  tokens: z.array(z.object({
    tokenId: z.number().int().positive(),
    name: z.string(),
    description: z.string().nullish(),
    media: z.string().nullish(),
    thumbnail: z.string().nullish(),
    filename: z.string().nullish(),
    attributes: record.nullish(),
    metadata: record.nullish(),
  })).default([]),
});

export type CollectionManifest = z.infer<typeof collectionManifestSchema>;

/**
 * The manifest of `ipfs://<cid>/` when that cid is a JSON document in our media store, else null. The store is the one
 * made for this database handle (media/store.ts) unless given.
 */
export async function readManifest(db: Db, baseUri: string, store: MediaStore | undefined = mediaStoreOf(db)): Promise<CollectionManifest | null> {
  const match = /^ipfs:\/\/([a-z0-9]+)\/?$/i.exec(baseUri);
  if (!match || !store) return null;
  const cid = match[1]!;
  const item = await store.get(cid);
  if (item) return item.contentType === 'application/json' ? parseManifest(await item.read()) : null;
  // A collection directory (published since media became UnixFS directories): its collection.json.
  const file = await readDirectoryFile(db, store, cid, COLLECTION_FILE);
  return file ? parseManifest(file) : null;
}

/** The manifest in these bytes; null when they are no JSON manifest (a plain file that shares the URI shape). */
export function parseManifest(bytes: Uint8Array): CollectionManifest | null {
  try {
    const parsed = collectionManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
