// The artist profile wire (POST /api/v1/artist, PUT /api/v1/artist/{address}): the profile is a multipart form (its
// fields' rules are domain/artist.ts's, its images are proved by decoding on the server); the address names whose.
import * as z from 'zod/mini';

/** PUT /artist/{address}: the artist's wallet address in the path, any case; read lowercased. */
export const artistAddressParam = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'The artist must be a 0x-prefixed wallet address.')),
  z.transform((value: string) => value.toLowerCase()),
);

/**
 * POST /artist and PUT /artist/{address}: the saved profile (the artist as GraphQL's Artist answers it; this names
 * what the profile form reads back: the texts, the cover, the featured artwork, the highlights and the portfolio).
 */
export const artistSavedAnswer = z.object({
  account: z.object({
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    web: z.nullable(z.string()),
    twitter: z.nullable(z.string()),
    instagram: z.nullable(z.string()),
  }),
  cover: z.nullable(z.string()),
  description: z.nullable(z.string()),
  comments: z.nullable(z.string()),
  featuredArtworkDescription: z.nullable(z.string()),
  featuredTokenId: z.nullable(z.number()),
  highlights: z.array(z.object({ date: z.string(), achievement: z.string() })),
  portfolio: z.object({
    context: z.string(),
    items: z.array(z.object({ mediaUrl: z.string(), thumbnailUrl: z.string(), description: z.string() })),
  }),
});
export type ArtistSavedAnswer = z.infer<typeof artistSavedAnswer>;
