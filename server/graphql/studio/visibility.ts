// Who sees a collection's tokens through GraphQL: anyone once it is published; while it is a studio canvas
// (building or finalized), its signed-in creator and whoever holds its preview link's share token.
import { eq } from 'drizzle-orm';
import { collections } from '../../db/schema.js';
import { canReadCanvas } from '../../studio/canvasView.js';
import { badInput } from '../inputs.js';
import type { GraphqlContext } from '../module.js';

export function parseShareToken(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > 200) throw badInput('Invalid share: the preview link\'s token.');
  return value;
}

/** True when the caller may see the collection's tokens; an unknown collection has none to show anyway. */
export async function canvasTokensVisible(context: GraphqlContext, collectionId: number, share: string | null): Promise<boolean> {
  const [row] = await context.db
    .select({ creator: collections.creator, state: collections.state, shareToken: collections.shareToken })
    .from(collections)
    .where(eq(collections.id, collectionId));
  if (!row) return true;
  if (row.state === 'published' || (share !== null && canReadCanvas(row, null, share))) return true;
  return canReadCanvas(row, await context.viewer(), null);
}
