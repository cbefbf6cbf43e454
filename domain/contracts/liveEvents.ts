// The live socket's event map (docs/requirements.md#live-events): every server → client event's payload, by name.
// The server emits through it (server/live/bus.ts types every emit by it: a wrong payload fails tsc); the client
// parses each payload with it as it arrives (src/services/live/liveListeners.ts), so a machine never sees one that is not
// its event's. Separate from ./live.ts (the plain names every page's first load reads): this module brings zod/mini
// and loads with the socket client, after the first load.
import * as z from 'zod/mini';
import { CANVAS_STATES } from '../studioRules';
import type { LiveEventName } from './live';

/** A person as the reads name them (GraphQL PersonInfo, a Sold event's new owner): the name's parts and the avatar URL. */
export const personInfoContract = z.object({
  id: z.nullable(z.string()),
  address: z.string(),
  alias: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
});
export type PersonInfo = z.infer<typeof personInfoContract>;

// Ids travel as strings (token_id is the token's database id); amounts and prices as decimal wei strings.
const id = z.string();
const address = z.string();
const wei = z.string();
const chainId = z.number();
/** The token after the event: its lowest listing price (null when unlisted) and whether it is sold. */
const tokenState = { tokenPrice: z.nullable(wei), isSold: z.boolean() };

const creatorChanged = z.object({ _id: id, creator: address, account_id: address, chainId });
const allOutSale = { _id: id, all_out_sale_id: z.string(), seller: address, collection_id: id, chainId };
/** A like or unlike: the like's id (absent for a TokenUpdated of an unlike by token), the token's count after it. */
const likesChanged = z.object({ _id: z.optional(id), token_id: id, account_id: address, updatedFields: z.object({ likesCount: z.number() }) });

export const liveEvents = {
  /** The indexer saw the factory publish a collection (the studio waits for it). */
  CreatedCollection: z.object({ _id: id, creator: address, address, name: z.string(), tokenCount: z.number(), chainId }),
  CreatedOwner: z.object({ _id: id, account_id: address, owner: address, marketplace: address, chainId }),
  CreatedCreator: creatorChanged,
  RemovedCreator: creatorChanged,
  CreatedSale: z.object({
    _id: id, token_id: id, sale_id: z.string(), seller: address, price: wei, amount: z.string(), all_out_sale_id: z.nullable(z.string()),
    /** The token's lowest listing price before the sale was created (null: it was not listed). */
    previousPrice: z.nullable(wei), ...tokenState, chainId,
  }),
  OfferMade: z.object({ _id: id, token_id: id, sale_id: z.string(), buyer: address, seller: address, price: wei, amount: z.string(), chainId }),
  CancelledSale: z.object({ _id: id, token_id: id, sale_id: z.string(), seller: address, price: wei, ...tokenState, chainId }),
  Sold: z.object({
    _id: id, token_id: id, sale_id: z.string(), buyer: address, seller: address, owner: address,
    /** The buyer as the reads name them, so a live page shows the new owner as a reload would. */
    ownerInfo: personInfoContract,
    price: wei, amount: z.string(), ...tokenState, chainId,
  }),
  OfferRetracted: z.object({ _id: id, token_id: id, sale_id: z.string(), buyer: address, seller: address, chainId }),
  TransferSingle: z.object({
    _id: id, token_id: id, tokenId: z.string(), seller: address, buyer: address, owner: address, amount: z.string(), collection: z.nullable(address), chainId,
  }),
  CreatedAllOutSale: z.object({ ...allOutSale, price: wei }),
  CancelledAllOutSale: z.object(allOutSale),
  /** POST /publish stored the collection's files: to the creator's own room, before the wallet step. */
  PublishReady: z.object({
    _id: id, creator: address, address: z.null(), name: z.string(), tokenCount: z.number(), chainId, baseURI: z.string(), state: z.enum(CANVAS_STATES),
  }),
  TokenLiked: likesChanged,
  TokenUnliked: likesChanged,
  TokenUpdated: likesChanged,
} satisfies Record<LiveEventName, z.ZodMiniType>;

/** The payload of the event `N`. */
export type LivePayload<N extends LiveEventName> = z.infer<(typeof liveEvents)[N]>;

/** One live event with its payload: what the server sends and what the client's machines receive, by name. */
export type LiveMessage = { [N in LiveEventName]: { name: N; doc: LivePayload<N> } }[LiveEventName];

/** socket.io's map of the server → client events (typing `io.emit` and a client's `socket.on`). */
export type LiveEventMap = { [N in LiveEventName]: (payload: LivePayload<N>) => void };

/** The event read as its contract, or the first few places it differs from it. */
export function parseLiveEvent(name: LiveEventName, payload: unknown): { ok: true; message: LiveMessage } | { ok: false; issues: string } {
  const result = z.safeParse(liveEvents[name], payload);
  // The schema named `name` read it, so it is that event's payload (TypeScript cannot narrow the indexed schema by name).
  if (result.success) return { ok: true, message: { name, doc: result.data } as LiveMessage };
  return { ok: false, issues: result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ') };
}
