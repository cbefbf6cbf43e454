// The demo seed: artists, collections of every media type minted on chain by their artists, listings,
// purchases and offers made by the collectors, then indexed into the database.
import { eq } from 'drizzle-orm';
import { parseEther, type Address, type PublicClient } from 'viem';
import { factoryOwner, registerCreators } from '../../contracts/creators.js';
import { MEDIA_URL_PREFIX, THUMBNAIL_URL_PREFIX } from '../../server/config.js';
import type { Db } from '../../server/db/client.js';
import { accounts, collections, tokens } from '../../server/db/schema.js';
import { startIndexer, type IndexerDeployments } from '../../server/indexer/index.js';
import type { CollectionManifest } from '../../server/indexer/manifest.js';
import type { MediaStore } from '../../server/media/store.js';
import { renderAvatar } from './artwork/render.js';
import {
  acceptOffer, approveMarketplace, cancelSale, createAllOutSale, createCollection, createSale, makeOffer, retractOffer, type Market, type SeedWallet,
} from './chain.js';
import { demoCollections, people } from './content.js';
import { seedEditorial } from './editorial.js';
import { seedSlides } from './slides.js';
import { DEMO_SIZES, storeCollectionMedia, tokenMetadata, type SeedSizes } from './media.js';
import { isDatabaseEmpty, markSeeded } from './state.js';

export interface SeedDemoOptions {
  db: Db;
  mediaStore: MediaStore;
  publicClient: PublicClient;
  /** Wallets of the chain's unlocked accounts, in Hardhat account order (at least 12). */
  wallets: readonly SeedWallet[];
  deployments: IndexerDeployments;
  /** Artwork sizes; tests pass TEST_SIZES to stay fast. */
  sizes?: SeedSizes;
  /** Index the chain into the database before returning (default true). */
  runIndexer?: boolean;
  log?: (line: string) => void;
}

export interface SeedDemoResult {
  artists: number;
  collections: number;
  tokens: number;
  sales: { collection: string; tokenId: number; saleId: string }[];
}

interface Published {
  rowId: number;
  address: Address;
  artist: SeedWallet;
  saleIds: Map<number, bigint>; // token id → sale id
}

export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const { db, mediaStore, publicClient, wallets, deployments, sizes = DEMO_SIZES, runIndexer = true, log = () => undefined } = options;
  if (!(await isDatabaseEmpty(db))) throw new Error('The database is not empty: reset it first (npm run seed -- --reset).');
  if (wallets.length < 12) throw new Error('seedDemo needs the first 12 accounts of the local chain.');
  const market: Market = { publicClient, marketplace: deployments.marketplace as Address, collectionFactory: deployments.collectionFactory as Address };
  const wallet = (n: number) => wallets[n]!;
  const addressOf = (n: number) => wallet(n).account.address.toLowerCase();

  // The factory is curated: its owner registers the demo's artists (CreatedCreator) before they publish. The
  // accounts' isCreator written below says the same, and the indexer sets it from those events anyway.
  log('creators');
  const owner = await factoryOwner(publicClient, market.collectionFactory).catch(() => {
    throw new Error(`The factory at ${market.collectionFactory} has no owner(): not the curated CollectionFactory (an older deployment?). Deploy again: npm run deploy.`);
  });
  const ownerWallet = wallets.find((w) => w.account.address.toLowerCase() === owner.toLowerCase());
  if (!ownerWallet) throw new Error(`The factory owner ${owner} is not an account of this chain: the seed cannot register the demo's creators.`);
  const creators = people.filter((p) => p.isCreator);
  const unregistered = demoCollections.filter((c) => !creators.some((p) => p.account === c.artist));
  if (unregistered.length > 0) throw new Error(`Demo collections by accounts that are not demo creators: ${unregistered.map((c) => c.name).join(', ')}`);
  await registerCreators({ walletClient: ownerWallet, publicClient, factory: market.collectionFactory }, creators.map((p) => wallet(p.account).account.address));

  log('accounts');
  const accountIds = new Map<number, number>();
  for (const person of people) {
    const avatar = await mediaStore.put(await renderAvatar(person.account + 1, Math.min(256, sizes.image * 2)), 'image/png');
    const [row] = await db
      .insert(accounts)
      .values({ address: addressOf(person.account), alias: person.alias, firstName: person.firstName, lastName: person.lastName, bio: person.bio, twitter: person.twitter, instagram: person.instagram, web: person.web, isCreator: person.isCreator, avatar })
      .returning({ id: accounts.id });
    accountIds.set(person.account, row!.id);
  }

  const published: Published[] = [];
  for (const [index, c] of demoCollections.entries()) {
    log(`collection ${c.name}`);
    const artist = wallet(c.artist);
    const stored = await storeCollectionMedia(mediaStore, c, index, sizes);
    const described = c.tokens.map((name, i) => ({ tokenId: i + 1, name, description: `${name} — from ${c.name}.`, ...stored.tokens[i]! }));
    // The manifest is what the collection's baseURI names: the indexer can rebuild the rows from it alone.
    const manifest: CollectionManifest = {
      name: c.name, symbol: c.symbol, description: c.description, mediaType: c.media.type, cover: stored.cover, thumbnail: stored.thumbnail, attributes: stored.attributes,
      tokens: described.map((t) => ({ ...t, metadata: tokenMetadata(t.name, t.description, t) })),
    };
    const manifestCid = await mediaStore.put(new TextEncoder().encode(JSON.stringify(manifest)), 'application/json');
    const baseUri = `ipfs://${manifestCid}/`;
    const creator = artist.account.address.toLowerCase();
    const [row] = await db
      .insert(collections)
      .values({ chainId: deployments.chainId, name: c.name, symbol: c.symbol, description: c.description, cover: stored.cover, thumbnail: stored.thumbnail, mediaType: c.media.type, isFeatured: c.featured ?? false, baseUri, creator, tokenCount: c.tokens.length, royaltiesBasispoints: 500, state: 'finalized', attributes: stored.attributes })
      .returning({ id: collections.id });
    await db.insert(tokens).values(manifest.tokens.map((t) => ({ ...t, tokenId: String(t.tokenId), collectionId: row!.id, chainId: deployments.chainId, mediaType: c.media.type, creator })));
    const { address } = await createCollection(market, artist, { name: c.name, symbol: c.symbol, tokenCount: c.tokens.length, baseUri, royaltiesBasispoints: 500 });
    // The indexer also finds the row by its base URI; setting the address now keeps the two paths equivalent.
    await db.update(collections).set({ address: address.toLowerCase() }).where(eq(collections.id, row!.id));
    const entry: Published = { rowId: row!.id, address, artist, saleIds: new Map() };
    published.push(entry);
    if (c.listing === 'none') continue;
    await approveMarketplace(market, artist, address);
    if (c.listing === 'allOut') {
      const { saleIds } = await createAllOutSale(market, artist, address, parseEther(c.priceEth[0]!));
      saleIds.forEach((saleId, i) => entry.saleIds.set(i + 1, saleId));
    } else {
      // The last token stays unlisted, so every collection shows both states.
      for (let tokenId = 1; tokenId < c.tokens.length; tokenId++) {
        const price = parseEther(c.priceEth[(tokenId - 1) % c.priceEth.length]!);
        entry.saleIds.set(tokenId, await createSale(market, artist, address, tokenId, price));
      }
    }
  }

  await seedSlides(db, mediaStore, { sizes, collectionRowIds: published.map((p) => p.rowId) });

  log('trades');
  await trade(market, published, wallet);

  log('editorial');
  await seedEditorial(db, mediaStore, { accountIds, addresses: new Map(people.map((p) => [p.account, addressOf(p.account)])), sizes, collectionRowIds: published.map((p) => p.rowId) });

  if (runIndexer) {
    log('indexing');
    const indexer = await startIndexer({ db, publicClient, deployments, ipfs: { urlPrefix: MEDIA_URL_PREFIX, thumbnailUrlPrefix: THUMBNAIL_URL_PREFIX }, pollIntervalMs: 50 });
    try {
      await indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }));
    } finally {
      await indexer.stop();
    }
  }
  await markSeeded(db, deployments, publicClient);
  const sales = published.flatMap((p, i) => [...p.saleIds].map(([tokenId, saleId]) => ({ collection: demoCollections[i]!.name, tokenId, saleId: saleId.toString() })));
  return { artists: people.filter((p) => p.isCreator).length, collections: published.length, tokens: demoCollections.reduce((n, c) => n + c.tokens.length, 0), sales };
}

const byName = (published: Published[], name: string) => {
  const index = demoCollections.findIndex((c) => c.name === name);
  return { p: published[index]!, c: demoCollections[index]! };
};

/** Collectors #3 and #4 buy, offer, retract and resell; artists accept one offer and cancel one listing. */
async function trade(market: Market, published: Published[], wallet: (n: number) => SeedWallet): Promise<void> {
  const [june, theo] = [wallet(3), wallet(4)];
  const listedPrice = (name: string, tokenId: number) => {
    const { c } = byName(published, name);
    return parseEther(c.listing === 'allOut' ? c.priceEth[0]! : c.priceEth[(tokenId - 1) % c.priceEth.length]!);
  };
  const buy = async (buyer: SeedWallet, name: string, tokenId: number) =>
    makeOffer(market, buyer, byName(published, name).p.saleIds.get(tokenId)!, tokenId, listedPrice(name, tokenId));
  const offer = async (buyer: SeedWallet, name: string, tokenId: number, fraction: number) => {
    const price = (listedPrice(name, tokenId) * BigInt(Math.round(fraction * 100))) / 100n;
    await makeOffer(market, buyer, byName(published, name).p.saleIds.get(tokenId)!, tokenId, price);
    return price;
  };

  await buy(june, 'Quiet Geometry', 1);
  await buy(june, 'Quiet Geometry', 2);
  await buy(june, 'Paper Suns', 1);
  await buy(june, 'Chromatic Rhythms', 3);
  await buy(june, 'Two Faces', 2);
  await buy(theo, 'Tidal Loops', 1);
  await buy(theo, 'Constellations', 2);
  await buy(theo, 'Slow Signals', 1);
  await buy(theo, 'Chromatic Rhythms', 5);

  // Open offers below the listing price, for the dashboards' offers tabs.
  await offer(june, 'Soft Matter', 1, 0.8);
  await offer(june, 'Resonance', 2, 0.75);
  await offer(theo, 'Quiet Geometry', 3, 0.9);
  await offer(theo, 'Tidal Lines', 1, 0.7);
  await offer(theo, 'Field Notes', 1, 0.85);
  // An offer accepted by the artist, and one retracted by the collector.
  const accepted = await offer(june, 'Field Notes', 2, 0.9);
  const fieldNotes = byName(published, 'Field Notes').p;
  await acceptOffer(market, fieldNotes.artist, fieldNotes.saleIds.get(2)!, june.account.address, 2, accepted);
  await offer(theo, 'Paper Suns', 2, 0.6);
  await retractOffer(market, theo, byName(published, 'Paper Suns').p.saleIds.get(2)!, 2);

  // A listing withdrawn by its artist, and a collector reselling a purchase at a higher price.
  const paperSuns = byName(published, 'Paper Suns').p;
  await cancelSale(market, paperSuns.artist, paperSuns.saleIds.get(4)!);
  const quiet = byName(published, 'Quiet Geometry').p;
  await approveMarketplace(market, june, quiet.address);
  await createSale(market, june, quiet.address, 1, parseEther('0.3'));
}
