import type { Page } from '../../machines/lists/pagedListMachine';
import type { SiblingToken, TokenDetail, TokenOffer } from '../../src/services/token';

export const CREATOR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const COLLECTOR = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const COLLECTION_ADDRESS = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

export function makeTokenDetail(overrides: Partial<TokenDetail> = {}): TokenDetail {
  return {
    id: '7',
    _id: '7',
    tokenId: '3',
    name: 'Quiet Orbit',
    description: 'Quiet Orbit — from Night Gardens.',
    thumbnailUrl: '/ipfs/thumb/bafkreimedia7',
    mediaUrl: '/ipfs/bafkreimedia7',
    mediaType: 'image',
    likesCount: 4,
    isSold: false,
    chainId: 31337,
    createdAt: '2026-10-30T08:00:00.000Z',
    filename: 'quiet-orbit.png',
    attributes: null,
    metadata: { name: 'Quiet Orbit', properties: { asset_url: 'ipfs://bafkreimedia7' } },
    metadataUrl: '/ipfs/bafkreimanifest/7.json',
    collection: {
      id: '2',
      _id: '2',
      name: 'Night Gardens',
      address: COLLECTION_ADDRESS,
      chainId: 31337,
      chainName: 'Hardhat',
      supplyPerToken: 1,
      publishedAt: '2026-11-03T10:15:00.000Z',
      attributes: null,
    },
    creatorInfo: { id: '2', address: CREATOR, alias: 'lumen', firstName: 'Ada', lastName: 'Ray', avatar: '/ipfs/thumb/avatar2' },
    ownerInfo: { id: '2', address: CREATOR, alias: 'lumen', firstName: 'Ada', lastName: 'Ray', avatar: '/ipfs/thumb/avatar2' },
    tokenHolding: {
      id: '41',
      chainId: 31337,
      amount: '1',
      createdAt: '2026-11-03T10:16:00.000Z',
      salePrice: { amount: '15000000000000000', currency: 'ETH' },
      owner: { id: '2', address: CREATOR, alias: 'lumen', firstName: 'Ada', lastName: 'Ray', avatar: '/ipfs/thumb/avatar2' },
      bazaarSales: [],
    },
    ...overrides,
  };
}

export function makeSibling(n: number, withHolding = true): SiblingToken {
  return { _id: String(100 + n), name: `Sibling ${n}`, mediaType: 'image', thumbnailUrl: `/ipfs/thumb/sib${n}`, tokenHolding: withHolding ? { id: String(500 + n) } : null };
}

export function makeOffer(n: number, overrides: Partial<TokenOffer> = {}): TokenOffer {
  return {
    id: `o${n}`,
    chainId: 31337,
    saleId: '9',
    allOutSaleId: null,
    marketplace: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    tokenId: '3',
    seller: CREATOR,
    amount: '1',
    state: 'made',
    // Local time 03 Nov 2026 09:05 (+n minutes), shown as DD MMM HH:mm.
    createdAt: new Date(2026, 10, 3, 9, 5 + n).toISOString(),
    price: { amount: '123456789012345678', currency: 'ETH' },
    buyer: { id: String(n), address: COLLECTOR, alias: `collector${n}`, firstName: null, lastName: null, avatar: null },
    ...overrides,
  };
}

export function offerPage(offers: TokenOffer[], hasNextPage = false): Page<TokenOffer> {
  return {
    totalCount: offers.length + (hasNextPage ? 1 : 0),
    pageInfo: { startCursor: offers[0]?.id ?? null, endCursor: offers.at(-1)?.id ?? null, hasNextPage, hasPreviousPage: false },
    edges: offers.map((offer) => ({ cursor: offer.id, node: offer })),
  };
}

export function siblingPage(siblings: SiblingToken[]): Page<SiblingToken> {
  return {
    totalCount: siblings.length,
    pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false },
    edges: siblings.map((node) => ({ cursor: node._id, node })),
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/** A fetch stand-in answering POST /graphql by operation name (data under the operation name), 404 otherwise. */
export function graphqlFetch(answers: Record<string, Answer>) {
  const calls: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/graphql') && init?.body) {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push(body);
      const answer = answers[body.operationName];
      if (answer) {
        try {
          return Response.json({ data: { [body.operationName]: answer(body.variables) } });
        } catch (error) {
          return Response.json({ errors: [{ message: (error as Error).message }] });
        }
      }
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  };
  return { calls, fetchImpl };
}
