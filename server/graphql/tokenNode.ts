// Shapes a TokenRow (tokenRows.ts) into the GraphQL Token, the same for every list and the token page.
import { parseCid } from '../media/store.js';
import { mediaUrl, personInfo, thumbnailUrl, type Ipfs, type PersonInfo } from './people.js';
import type { CollectionBrief, TokenRow } from './tokenRows.js';

export const NATIVE_CURRENCY = '0x0000000000000000000000000000000000000000';

/** Price as the API shows it: wei as a decimal string, "ETH" for the chain's native currency. */
export const price = (amount: string, currency: string = NATIVE_CURRENCY) => ({
  amount,
  currency: currency === NATIVE_CURRENCY ? 'ETH' : currency,
});

/** The GraphQL CollectionSummary of a collection (tokens' `collection`, dashboard listings). */
export function collectionSummary(ipfs: Ipfs, c: CollectionBrief, creatorInfo: PersonInfo) {
  return {
    id: String(c.id),
    _id: String(c.id),
    name: c.name,
    address: c.address,
    chainId: c.chainId,
    symbol: c.symbol,
    description: c.description,
    cover: mediaUrl(ipfs, c.cover),
    coverThumbnail: thumbnailUrl(ipfs, c.cover),
    thumbnail: thumbnailUrl(ipfs, c.thumbnail ?? c.cover),
    mediaType: c.mediaType,
    creator: c.creator,
    creatorInfo,
    supplyPerToken: c.supplyPerToken,
    royaltiesBasispoints: c.royaltiesBasispoints,
    attributes: c.attributes,
    createdAt: c.createdAt.toISOString(),
    publishedAt: c.publishedAt?.toISOString() ?? null,
  };
}

/** ERC-1155 `uri(id)` = baseURI + id + ".json", served by our gateway when the baseURI is `ipfs://<cid>/`. */
export function metadataUrl(ipfs: Ipfs, baseUri: string | null, tokenId: string): string | null {
  const cid = baseUri ? parseCid(/^ipfs:\/\/([^/]+)\/$/i.exec(baseUri)?.[1] ?? '') : null;
  return cid ? `${ipfs.urlPrefix}${cid}/${tokenId}.json` : null;
}

export function tokenNode(ipfs: Ipfs, row: TokenRow) {
  const creatorInfo = personInfo(ipfs, row.creator, row.creatorAccount);
  const holding = row.holding;
  const owner = holding ? personInfo(ipfs, holding.owner, row.ownerAccount) : null;
  const c = row.collection;
  return {
    id: String(row.id),
    _id: String(row.id),
    tokenId: row.tokenId,
    name: row.name,
    description: row.description,
    // A token's own thumbnail image wins; otherwise the image itself is thumbnailed.
    thumbnailUrl: thumbnailUrl(ipfs, row.thumbnail ?? row.media),
    mediaUrl: mediaUrl(ipfs, row.media),
    mediaType: row.mediaType,
    likesCount: row.likesCount,
    isSold: row.isSold,
    chainId: row.chainId,
    createdAt: row.createdAt.toISOString(),
    filename: row.filename,
    attributes: row.attributes,
    metadata: row.metadata,
    metadataUrl: metadataUrl(ipfs, c.baseUri, row.tokenId),
    price: row.priceWei === null ? null : price(row.priceWei),
    listedAt: row.listedAt?.toISOString() ?? null,
    lastSale: row.lastSaleWei === null ? null : price(row.lastSaleWei),
    lastSoldAt: row.lastSoldAt?.toISOString() ?? null,
    // The page joins the token creator's account; a collection by someone else gets the address only.
    collection: collectionSummary(ipfs, c, c.creator === row.creator ? creatorInfo : personInfo(ipfs, c.creator, null)),
    creatorInfo,
    ownerInfo: owner,
    tokenHolding:
      holding && owner
        ? {
            id: String(holding.id),
            chainId: row.chainId,
            salePrice: row.priceWei === null ? null : price(row.priceWei),
            owner,
            amount: holding.amount,
            createdAt: holding.createdAt.toISOString(),
            // Not in the schema: lets the bazaarSales resolver batch by token.
            tokenRef: row.id,
          }
        : null,
  };
}

export type TokenNode = ReturnType<typeof tokenNode>;
