import type { DashboardOffer, DashboardSale, DashboardToken, TokenDashboardData } from '../../../machines/dashboard/tokenDashboardMachine';

export const OWNER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const OTHER = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
export const BUYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
export const COLLECTION = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

export const standaloneSale: DashboardSale = {
  saleId: '11',
  allOutSaleId: null,
  seller: OWNER,
  amount: '1',
  soldAmount: '0',
  price: { amount: '20000000000000000', currency: 'ETH' },
  wasCancelled: false,
};
export const allOutSale: DashboardSale = { ...standaloneSale, saleId: '12', allOutSaleId: '3' };

export const offerOnSale: DashboardOffer = { id: 'o1', saleId: '11', buyer: { address: BUYER }, price: { amount: '15000000000000000', currency: 'ETH' }, state: 'made' };
export const retractedOffer: DashboardOffer = { ...offerOnSale, id: 'o2', state: 'retracted' };

const token = (owner: string, amount: string, bazaarSales: DashboardSale[]): DashboardToken => ({
  _id: '7',
  tokenId: '3',
  chainId: 31337,
  collection: { address: COLLECTION, chainId: 31337 },
  tokenHolding: { id: '41', owner: { address: owner }, amount, bazaarSales },
});

/** The owner holds one unit, nothing listed: the sell form shows. */
export const unlistedData: TokenDashboardData = { token: token(OWNER, '1', []), offers: [] };
/** The owner holds two units, both listed (one alone, one in an all-out sale), with an offer on the standalone sale. */
export const listedData: TokenDashboardData = { token: token(OWNER, '2', [standaloneSale, allOutSale]), offers: [offerOnSale, retractedOffer] };
/** Someone else's holding: read-only. */
export const othersData: TokenDashboardData = { token: token(OTHER, '1', [{ ...standaloneSale, seller: OTHER }]), offers: [] };

export const fixtureName = (data: TokenDashboardData | null | undefined): string =>
  data === unlistedData ? 'unlisted' : data === listedData ? 'listed' : data === othersData ? 'others' : data ? 'other data' : 'none';
