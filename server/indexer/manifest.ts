// Collection manifests: the JSON a collection's baseURI names (ipfs://<cid>/) when its bytes are in our media store.
// They let the indexer describe a collection nobody pre-wrote a row for (e.g. one minted before a database reset).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';

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

/** The manifest of `ipfs://<cid>/` when that cid is a JSON document in our media store, else null. */
export async function readManifest(db: Db, baseUri: string): Promise<CollectionManifest | null> {
  const match = /^ipfs:\/\/([a-z0-9]+)\/?$/i.exec(baseUri);
  if (!match) return null;
  const [row] = await db
    .select({ bytes: media.bytes })
    .from(media)
    .where(and(eq(media.cid, match[1]!), eq(media.contentType, 'application/json')));
  if (!row) return null;
  try {
    const parsed = collectionManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(row.bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON: a plain file that happens to share the URI shape
  }
}
