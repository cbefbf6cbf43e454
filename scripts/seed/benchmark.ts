// A benchmark-sized database without a chain: many creators, collections and tokens with varied likes,
// prices, media types and chains, inserted in batches inside transactions.
import type { Db } from '../../server/db/client.js';
import { insertCollections, insertHoldings, insertTokens, type NewToken } from '../../server/db/bulk.js';
import { accounts, indexerState } from '../../server/db/schema.js';
import type { MediaStore } from '../../server/media/store.js';
import { createRandom } from './artwork/random.js';
import { renderAvatar, renderGif, renderImage } from './artwork/render.js';
import { renderSketchPreview, sketchSource } from './artwork/generative.js';
import { demoVideos, readDemoVideo, videoFrame, VIDEO_CONTENT_TYPE } from './artwork/video.js';
import { BENCHMARK_MARKER } from './state.js';

export interface BenchmarkOptions {
  tokens: number;
  tokensPerCollection?: number;
  creators?: number;
  log?: (line: string) => void;
}

const MEDIA_TYPES = ['image', 'image', 'image', 'gif', 'multipart/image', 'multipart/mixed', 'video'] as const;
const CHAINS = [31337, 1, 137, 31337] as const;
const WORDS = ['Quiet', 'Signal', 'Field', 'Bloom', 'Tide', 'Grid', 'Ember', 'Drift', 'Echo', 'Prism', 'Hollow', 'Meridian', 'Lumen', 'Veil', 'Orbit', 'Fold'];

const hexAddress = (prefix: number, n: number) => `0x${prefix.toString(16).padStart(4, '0')}${n.toString(16).padStart(36, '0')}`;

/** A few real artworks per media type, shared by all benchmark tokens so thumbnails and media resolve. */
async function sampleMedia(store: MediaStore): Promise<Record<string, { media: string; thumbnail: string }[]>> {
  const png = async (bytes: Uint8Array) => store.put(bytes, 'image/png');
  const out: Record<string, { media: string; thumbnail: string }[]> = { image: [], gif: [], 'multipart/image': [], 'multipart/mixed': [], video: [] };
  for (let i = 0; i < 6; i++) {
    const cid = await png(await renderImage(50_000 + i, { size: 480 }));
    out.image!.push({ media: cid, thumbnail: cid });
    out['multipart/image']!.push({ media: cid, thumbnail: cid });
  }
  for (let i = 0; i < 2; i++) {
    const { gif, poster } = await renderGif(51_000 + i, { size: 240, frames: 8 });
    out.gif!.push({ media: await store.put(gif, 'image/gif'), thumbnail: await png(poster) });
    const source = sketchSource(i === 0 ? 'constellation' : 'tidal', 52_000 + i);
    out['multipart/mixed']!.push({ media: await store.put(new TextEncoder().encode(source), 'text/javascript'), thumbnail: await png(await renderSketchPreview(source, 7 + i, 480)) });
  }
  for (const video of demoVideos) out.video!.push({ media: await store.put(await readDemoVideo(video), VIDEO_CONTENT_TYPE), thumbnail: await png(await videoFrame(video, 0)) });
  return out;
}

export async function seedBenchmark(db: Db, store: MediaStore, options: BenchmarkOptions): Promise<{ collections: number; tokens: number }> {
  const { tokens: total, tokensPerCollection = 50, creators = 200, log = () => undefined } = options;
  const rnd = createRandom(20_260_101);
  const samples = await sampleMedia(store);
  const avatars = await Promise.all(Array.from({ length: 8 }, async (_, i) => store.put(await renderAvatar(60_000 + i, 128), 'image/png')));
  const creatorAddresses = Array.from({ length: creators }, (_, i) => hexAddress(0xbe0c, i + 1));
  await db.insert(accounts).values(creatorAddresses.map((address, i) => ({ address, alias: `artist${i + 1}`, firstName: rnd.pick(WORDS), lastName: `No. ${i + 1}`, avatar: avatars[i % avatars.length], isCreator: true })));
  const collectors = Array.from({ length: 50 }, (_, i) => hexAddress(0xc011, i + 1));
  await db.insert(accounts).values(collectors.map((address, i) => ({ address, alias: `collector${i + 1}` })));

  const collectionCount = Math.ceil(total / tokensPerCollection);
  const specs = Array.from({ length: collectionCount }, (_, i) => ({
    chainId: CHAINS[i % CHAINS.length]!,
    mediaType: MEDIA_TYPES[i % MEDIA_TYPES.length]!,
    creator: creatorAddresses[i % creators]!,
    tokenCount: Math.min(tokensPerCollection, total - i * tokensPerCollection),
  }));
  log(`${collectionCount} collections`);
  const collectionIds = await insertCollections(db, specs.map((s, i) => ({
    chainId: s.chainId, address: hexAddress(0xc0de, i + 1), name: `${rnd.pick(WORDS)} ${rnd.pick(WORDS)} ${i + 1}`, symbol: `B${i + 1}`,
    description: 'Benchmark collection.', mediaType: s.mediaType, creator: s.creator, tokenCount: s.tokenCount, state: 'published' as const,
    cover: samples.image![i % samples.image!.length]!.media, thumbnail: samples[s.mediaType]![0]!.thumbnail, publishedAt: new Date(),
  })));

  const started = Date.now();
  const batch = 10_000;
  for (let c0 = 0; c0 < collectionCount; c0 += batch / tokensPerCollection) {
    const rows: NewToken[] = [];
    const owners: string[] = [];
    for (let c = c0; c < Math.min(collectionCount, c0 + batch / tokensPerCollection); c++) {
      const s = specs[c]!;
      for (let t = 1; t <= s.tokenCount; t++) {
        const sample = rnd.pick(samples[s.mediaType]!);
        const listed = rnd.chance(0.7);
        const sold = !listed && rnd.chance(0.4);
        // Prices from 0.001 to ~50 ETH, many of them equal, so the price sorts need their _id tie-break.
        const priceWei = listed ? (BigInt(rnd.int(1, 5000)) * 10n ** 16n).toString() : null;
        rows.push({
          collectionId: collectionIds[c]!, chainId: s.chainId, tokenId: String(t), name: `${rnd.pick(WORDS)} #${t}`, mediaType: s.mediaType,
          media: sample.media, thumbnail: sample.thumbnail, creator: s.creator, likesCount: Math.floor(rnd.next() ** 3 * 500), isSold: sold,
          priceWei, listedAt: listed ? new Date(Date.now() - rnd.int(0, 90) * 86_400_000) : null,
          // Sold ones and a share of the listed ones (sold on, listed again) have a last sale, at any millisecond.
          ...((sold || (listed && rnd.chance(0.15))) && {
            lastSoldAt: new Date(Date.now() - rnd.int(0, 180 * 86_400) * 1000 - rnd.int(0, 999)),
            lastSaleWei: (BigInt(rnd.int(1, 5000)) * 10n ** 16n).toString(),
          }),
        });
        owners.push(sold ? rnd.pick(collectors) : s.creator);
      }
    }
    const ids = await insertTokens(db, rows);
    await insertHoldings(db, ids.map((id, i) => ({ tokenId: id, owner: owners[i]!, amount: '1' })));
    log(`${Math.min(total, (c0 + batch / tokensPerCollection) * tokensPerCollection)} tokens (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.insert(indexerState).values({ chainId: 0, contract: BENCHMARK_MARKER, lastBlock: total });
  return { collections: collectionCount, tokens: total };
}
