// Who sees a collection's tokens through GraphQL: the studio's rule (server/studio/visibility.ts) with the request's
// viewer — anyone once it is published and not hidden; otherwise its signed-in creator and whoever holds its
// preview link's share token.
import { collectionVisibility } from '../../studio/queries/visibility.js';
import { canSeeCollection } from '../../studio/visibility.js';
import { badInput } from '../inputs.js';
import type { GraphqlContext } from '../module.js';

export function parseShareToken(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > 200) throw badInput('Invalid share: the preview link\'s token.');
  return value;
}

/** True when the caller may see the collection's tokens; an unknown collection has none to show anyway. */
export async function canvasTokensVisible(context: GraphqlContext, collectionId: number, share: string | null): Promise<boolean> {
  const row = await collectionVisibility(context.db, collectionId);
  if (!row) return true;
  // The share token alone decides without looking the API key up.
  if (canSeeCollection(row, null, share)) return true;
  return canSeeCollection(row, await context.viewer(), null);
}
