import type { MarketplaceToken } from '../../src/services/marketplace';

export function makeToken(n: number, overrides: Partial<MarketplaceToken> = {}): MarketplaceToken {
  return {
    id: `31337-${n}`,
    _id: String(n),
    tokenId: String(n),
    name: `Artwork ${n}`,
    thumbnailUrl: `/ipfs/bafkrei${n}?thumb=1`,
    mediaUrl: `/ipfs/bafkrei${n}`,
    mediaType: 'image',
    likesCount: n % 3,
    isSold: false,
    chainId: 31337,
    createdAt: '2026-11-01T10:00:00.000Z',
    attributes: null,
    lastSale: null,
    collection: { id: '1', _id: '1', name: 'Collection', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: 31337, attributes: null },
    creatorInfo: { id: null, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', alias: 'lumen', avatar: null, firstName: null, lastName: null },
    tokenHolding: null,
    ...overrides,
  };
}
