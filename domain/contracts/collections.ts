// The collections wire (GET /api/v1/collection/featured and /trending, PUT /api/v1/collection/{id}): the edit is a
// multipart form (description and cover, domain/collection.ts's rules); the id names which collection.
import * as z from 'zod/mini';

/** PUT /collection/{id}: the collection's database id in the path, read as a number. */
export const collectionIdParam = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'The collection id must be a positive integer.')),
  z.transform(Number),
);

/** PUT /collection/{id}: the saved collection (as GraphQL's Collection answers it); the editors read back its id, description and cover. */
export const collectionSavedAnswer = z.object({
  id: z.string(),
  description: z.nullable(z.string()),
  cover: z.nullable(z.string()),
});
export type CollectionSavedAnswer = z.infer<typeof collectionSavedAnswer>;
