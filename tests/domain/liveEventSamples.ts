// One payload per live event as the server sends it (server/indexer/apply.ts, the likes service, POST /publish), for
// the contract's tests and for tests that feed the live machines: `liveDoc('Sold', { token_id: '7' })` is a whole Sold
// payload with the fields a test cares about set.
import type { LiveEventName } from '../../domain/contracts/live';
import type { LiveMessage, LivePayload } from '../../domain/contracts/liveEvents';

const SELLER = '0x00000000000000000000000000000000000000a1';
const BUYER = '0x00000000000000000000000000000000000000b2';
const COLLECTION = '0x00000000000000000000000000000000000000c3';
const likes = { _id: '1', token_id: '7', account_id: BUYER, updatedFields: { likesCount: 1 } };
const creator = { _id: '2', creator: SELLER, account_id: SELLER, chainId: 31337 };

export const LIVE_SAMPLES: { [N in LiveEventName]: LivePayload<N> } = {
  CreatedCollection: { _id: '3', creator: SELLER, address: COLLECTION, name: 'Harbour', tokenCount: 2, chainId: 31337 },
  CreatedOwner: { _id: '1', account_id: SELLER, owner: SELLER, marketplace: '0x00000000000000000000000000000000000000d4', chainId: 31337 },
  CreatedCreator: creator,
  RemovedCreator: creator,
  CreatedSale: {
    _id: '5', token_id: '7', sale_id: '9', seller: SELLER, price: '1000', amount: '1', all_out_sale_id: null, previousPrice: null, tokenPrice: '1000', isSold: false, chainId: 31337,
  },
  OfferMade: { _id: '1', token_id: '7', sale_id: '9', buyer: BUYER, seller: SELLER, price: '900', amount: '1', chainId: 31337 },
  CancelledSale: { _id: '5', token_id: '7', sale_id: '9', seller: SELLER, price: '1000', tokenPrice: null, isSold: false, chainId: 31337 },
  Sold: {
    _id: '5', token_id: '7', sale_id: '9', buyer: BUYER, seller: SELLER, owner: BUYER,
    ownerInfo: { id: '4', address: BUYER, alias: 'bob', avatar: null, firstName: null, lastName: null },
    price: '1000', amount: '1', tokenPrice: null, isSold: true, chainId: 31337,
  },
  OfferRetracted: { _id: '1', token_id: '7', sale_id: '9', buyer: BUYER, seller: SELLER, chainId: 31337 },
  TransferSingle: { _id: '7', token_id: '7', tokenId: '1', seller: SELLER, buyer: BUYER, owner: BUYER, amount: '1', collection: COLLECTION, chainId: 31337 },
  CreatedAllOutSale: { _id: '1', all_out_sale_id: '2', seller: SELLER, collection_id: '3', price: '5000', chainId: 31337 },
  CancelledAllOutSale: { _id: '1', all_out_sale_id: '2', seller: SELLER, collection_id: '3', chainId: 31337 },
  PublishReady: { _id: '3', creator: SELLER, address: null, name: 'Harbour', tokenCount: 2, chainId: 31337, baseURI: 'ipfs://cid/', state: 'finalized' },
  TokenLiked: likes,
  TokenUnliked: { ...likes, updatedFields: { likesCount: 0 } },
  TokenUpdated: likes,
};

/** A whole payload of the event `name`, with `fields` set. */
export const liveDoc = <N extends LiveEventName>(name: N, fields: Partial<LivePayload<N>> = {}): LivePayload<N> => ({ ...LIVE_SAMPLES[name], ...fields });

/** A live message (name and whole payload), with `fields` set. */
export const liveMessage = <N extends LiveEventName>(name: N, fields: Partial<LivePayload<N>> = {}) => ({ name, doc: liveDoc(name, fields) }) as LiveMessage;
