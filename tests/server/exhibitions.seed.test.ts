// The editorial pages: the demo's exhibitions (scripts/seed/exhibitions.ts) as the app reads them: one running now with more
// than five artists, two past ones (one with more than five artists), 'Paper and Signal' with the literal intro
// 'undefined', every artwork a published demo token, and the home's card answering the current one.
import { createPublicClient, createWalletClient, custom, getAddress, type PublicClient } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInProcessChain } from '../../contracts/chain.js';
import { deployMarketplaceContracts } from '../../contracts/deploy.js';
import type { SeedWallet } from '../../scripts/seed/chain.js';
import { seedDemo } from '../../scripts/seed/demo.js';
import { TEST_SIZES } from '../../scripts/seed/media.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const EXHIBITION = `id title subtitle cover coverThumbnail startDate endDate exhibitionIntro curatorialStatement curator curatorNameFormatted
  artworks { order medium token { _id name collection { name } } } artistInfos { address firstName lastName } artistNamesFormatted`;

interface Exhibition {
  id: string;
  title: string;
  subtitle: string | null;
  cover: string | null;
  startDate: string;
  endDate: string;
  exhibitionIntro: string | null;
  curatorialStatement: string | null;
  curatorNameFormatted: string | null;
  artworks: { order: number; medium: string | null; token: { _id: string; name: string } }[];
  artistInfos: { address: string }[];
  artistNamesFormatted: string;
}

let database: TestDatabase;
let server: Awaited<ReturnType<typeof buildTestServer>>;

const read = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
  const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect([response.status, body.errors]).toEqual([200, undefined]);
  return body.data;
};

beforeAll(async () => {
  const { provider } = await connectInProcessChain();
  const transport = custom(provider);
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 }) as PublicClient;
  const addresses = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
  const wallets = addresses.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 })) as SeedWallet[];
  const deployments = await deployMarketplaceContracts({ walletClient: wallets[0]!, publicClient });
  database = await openTestDatabase('pglite');
  server = await buildTestServer(database.db);
  await seedDemo({ db: database.db, mediaStore: server.mediaStore, publicClient, wallets, deployments, sizes: TEST_SIZES });
}, 240_000);

afterAll(async () => {
  await database?.close();
});

describe('the demo exhibitions', () => {
  it('one runs now: featured, more than five artists (two columns in the viewer), works in order with their medium', async () => {
    const { getCurrentExhibition: current } = await read<{ getCurrentExhibition: Exhibition }>(`query ($d: String!) { getCurrentExhibition(cDate: $d) { ${EXHIBITION} } }`, { d: new Date().toISOString() });
    expect(current).toMatchObject({ title: 'Systems of Light', subtitle: 'Generative and geometric work, rules that draw', curatorNameFormatted: 'Hanna Weiss' });
    expect(current.cover).toMatch(/^\/ipfs\//);
    expect(new Date(current.startDate).getTime()).toBeLessThan(Date.now());
    expect(new Date(current.endDate).getTime()).toBeGreaterThan(Date.now());
    expect(current.artistInfos.length).toBeGreaterThan(5);
    expect(current.artistNamesFormatted).toBe('Mara Vale, Ines Kodama, Felix Arden, Leo Marchetti, Sol Ibarra, Ada Nwosu and Kai Sørensen');
    expect(current.artworks.map((a) => a.order)).toEqual(current.artworks.map((_, i) => i + 1));
    expect(current.artworks.slice(0, 3).map((a) => [a.token.name, a.medium])).toEqual([
      ['Azulejo I', 'Digital image'],
      ['Chart 0417', 'Generative program (p5.js)'],
      ['Swell', 'Generative program (p5.js)'],
    ]);
    expect(current.exhibitionIntro!.length).toBeGreaterThan(80);
    expect(current.curatorialStatement!.length).toBeGreaterThan(300);

    // The home's card names the same exhibition and artists.
    const card = (await (await server.app.request('/api/v1/exhibition/featured')).json()) as { exhibition: { id: string; artistNamesFormatted: string } };
    expect(card.exhibition).toMatchObject({ id: current.id, title: 'Systems of Light', artistNamesFormatted: current.artistNamesFormatted });

    // Its artworks page: the app's 12, then the rest.
    const page = (p: number) =>
      read<{ getExhibitionArtworks: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: { node: { name: string } }[] } }>(
        'query ($id: ID!, $p: PaginationInput) { getExhibitionArtworks(exhibition_id: $id, pagination: $p) { totalCount pageInfo { hasNextPage } edges { node { name } } } }',
        { id: current.id, p: { page: p, perPage: 12 } },
      );
    const [first, second] = [(await page(1)).getExhibitionArtworks, (await page(2)).getExhibitionArtworks];
    expect([first.totalCount, first.edges.length, first.pageInfo.hasNextPage, second.pageInfo.hasNextPage]).toEqual([current.artworks.length, 12, true, false]);
    expect([...first.edges, ...second.edges].map((e) => e.node.name)).toEqual(current.artworks.map((a) => a.token.name));
  });

  it("two past ones, latest end first: 'Paper and Signal' keeps the intro 'undefined', 'Weather Systems' shows more than five artists", async () => {
    const { getPastExhibitions: past } = await read<{ getPastExhibitions: { totalCount: number; edges: { node: Exhibition }[] } }>(
      `query { getPastExhibitions(pagination: { page: 1, perPage: 20 }) { totalCount edges { node { ${EXHIBITION} } } } }`,
    );
    expect(past.edges.map((e) => e.node.title)).toEqual(['Paper and Signal', 'Weather Systems']);
    const [paper, weather] = past.edges.map((e) => e.node);
    expect(paper!.exhibitionIntro).toBe('undefined');
    expect(paper!.curatorialStatement).toMatch(/^Cut paper horizons next to looping films/);
    expect(paper!.artistNamesFormatted).toBe('Oskar Lind, Nadia Rahimi and Mara Vale');
    expect(weather!.artistInfos.length).toBe(7);
    for (const exhibition of [paper!, weather!]) {
      expect(new Date(exhibition.endDate).getTime()).toBeLessThan(Date.now());
      expect([exhibition.title, exhibition.subtitle, exhibition.curatorNameFormatted, exhibition.cover]).not.toContain(null);
      expect(exhibition.artworks.length).toBeGreaterThan(5);
    }
  });
});
