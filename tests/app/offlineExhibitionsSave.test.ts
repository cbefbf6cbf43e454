// The saved-exhibition download's size (saving an exhibition for offline): every file's Content-Length plus the data answers it will
// store, measured, and those reads are the ones the exhibition page and its works' token pages send (offers and
// comments included, with the same variables, so the worker's keys match). fetch is the only thing replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateExhibitionSave, exhibitionFiles } from '../../src/services/exhibitions/offlineExhibitions';
import { CURRENT } from './exhibitionsFixtures';
import { makeOffer, makeTokenDetail } from './tokenFixtures';

interface Call {
  operationName: string;
  variables: Record<string, unknown>;
}

const OWNER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CONFIG = JSON.stringify({ evms: [], cacheLifetimeMinutes: 60 });
const fileBytes = (url: string) => 1_000 + url.length;

let calls: Call[];
let answeredBytes: number;

function answer(call: Call): unknown {
  switch (call.operationName) {
    case 'getCurrentExhibition':
      return { getCurrentExhibition: CURRENT };
    case 'getExhibitionArtworks':
      return { getExhibitionArtworks: { totalCount: CURRENT.artworks.length, pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } };
    case 'getTokenFromHolding': {
      const holding = call.variables.id as string;
      const detail = makeTokenDetail({ _id: `t-${holding}`, ownerInfo: null });
      return { getTokenFromHolding: { ...detail, tokenHolding: { ...detail.tokenHolding!, id: holding, owner: { ...detail.tokenHolding!.owner, address: OWNER } } } };
    }
    case 'getTokensByContainerId':
      return { getTokensByContainerId: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } };
    case 'getOffersByToken':
      return { getOffersByToken: { totalCount: 1, pageInfo: { endCursor: 'o1', hasNextPage: false }, edges: [{ cursor: 'o1', node: makeOffer(1) }] } };
    case 'getCommentsByTokenId':
      return { getCommentsByTokenId: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } };
    default:
      throw new Error(`unexpected ${call.operationName}`);
  }
}

beforeEach(() => {
  calls = [];
  answeredBytes = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/graphql')) {
        const call = JSON.parse(init?.body as string) as Call;
        calls.push(call);
        const data = answer(call);
        answeredBytes += new TextEncoder().encode(JSON.stringify(data)).byteLength;
        return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      if (url === '/api/v1/config') return new Response(CONFIG, { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'HEAD') return new Response(null, { status: 200, headers: { 'Content-Length': String(fileBytes(url)) } });
      throw new Error(`unexpected fetch of ${url}`);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('estimateExhibitionSave', () => {
  it("counts the files' sizes and the data answers as measured, not a flat amount per read", async () => {
    const files = exhibitionFiles(CURRENT);
    const estimate = await estimateExhibitionSave(CURRENT);
    const filesBytes = files.reduce((sum, url) => sum + fileBytes(url), 0);
    expect(estimate).toEqual({ files: files.length, bytes: filesBytes + CONFIG.length + answeredBytes });
    expect(answeredBytes).toBeGreaterThan(0);
  });

  it("reads each work's token page as the page does: the token, its siblings, its offers and its comments", async () => {
    await estimateExhibitionSave(CURRENT);
    const holdings = CURRENT.artworks.map(({ token }) => token.tokenHolding?.id).filter((id): id is string => Boolean(id));
    expect(holdings.length).toBeGreaterThan(0);
    for (const holding of holdings) {
      const token = `t-${holding}`;
      expect(calls).toContainEqual(expect.objectContaining({ operationName: 'getTokenFromHolding', variables: { id: holding } }));
      // TokenOffers: 12 a page (docs/requirements.md#token-page), on the current owner's sale.
      expect(calls).toContainEqual(expect.objectContaining({ operationName: 'getOffersByToken', variables: { token, seller: OWNER, pagination: { perPage: 12 } } }));
      // The comment thread's first page (COMMENTS_PAGE_SIZE 20, no cursor yet).
      expect(calls).toContainEqual(
        expect.objectContaining({ operationName: 'getCommentsByTokenId', variables: { token_id: token, pagination: { after: null, perPage: 20 } } }),
      );
    }
    // A work with no holding has no token page to keep.
    expect(calls.filter((call) => call.operationName === 'getTokenFromHolding')).toHaveLength(holdings.length);
  });

  it('fails as a network failure when a file cannot be measured', async () => {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => (init?.method === 'HEAD' ? Promise.resolve(new Response(null, { status: 503 })) : real(input, init)));
    await expect(estimateExhibitionSave(CURRENT)).rejects.toMatchObject({ name: 'ExhibitionSaveError', kind: 'network' });
  });
});
