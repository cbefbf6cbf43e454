// Renders a demo collection's artwork and stores it in the media store; returns the CIDs for its rows.
import type { MediaStore } from '../../server/media/store.js';
import { paletteFor } from './artwork/palettes.js';
import { renderCover, renderFlipcard, renderGif, renderImage } from './artwork/render.js';
import { renderSketchPreview, sketchSource, SEED_VARIABLE_NAME, SKETCH_LIBRARY } from './artwork/generative.js';
import { renderSound, SOUND_CONTENT_TYPE } from './artwork/sound.js';
import { demoVideos, readDemoVideo, videoFrame, VIDEO_CONTENT_TYPE } from './artwork/video.js';
import type { DemoCollection } from './content.js';

export interface SeedSizes {
  /** Still images and flipcard faces. */
  image: number;
  gif: number;
  gifFrames: number;
  cover: [number, number];
}

export const DEMO_SIZES: SeedSizes = { image: 1200, gif: 480, gifFrames: 12, cover: [1600, 600] };
export const TEST_SIZES: SeedSizes = { image: 96, gif: 48, gifFrames: 3, cover: [160, 60] };

export interface TokenMedia {
  media: string;
  thumbnail: string;
  filename: string;
  attributes: Record<string, unknown>;
}

export interface CollectionMedia {
  cover: string;
  thumbnail: string;
  attributes: Record<string, unknown>;
  tokens: TokenMedia[];
}

const ipfs = (cid: string) => `ipfs://${cid}`;

export function tokenMetadata(name: string, description: string, t: TokenMedia): Record<string, unknown> {
  return { name, description, properties: { asset_url: ipfs(t.media), asset_preview_url: ipfs(t.thumbnail) } };
}

export async function storeCollectionMedia(store: MediaStore, c: DemoCollection, index: number, sizes: SeedSizes): Promise<CollectionMedia> {
  const seedBase = (index + 1) * 1000;
  const palette = paletteFor(seedBase * 7 + 3);
  const png = (bytes: Uint8Array) => store.put(bytes, 'image/png');
  const tokens: TokenMedia[] = [];
  const attributes: Record<string, unknown> = { darkVibrantColor: palette.ink };
  const media = c.media;
  // Sound has no picture of its own: the collection's cover (square, like a record sleeve) is every token's picture.
  const soundCover = media.type === 'sound' ? await png(await renderImage(seedBase + 1, { size: sizes.image, style: media.style })) : null;

  for (let i = 0; i < c.tokens.length; i++) {
    const seed = seedBase + i + 1;
    const slug = `${c.symbol.toLowerCase()}-${i + 1}`;
    if (media.type === 'image') {
      const cid = await png(await renderImage(seed, { size: sizes.image, style: media.style }));
      tokens.push({ media: cid, thumbnail: cid, filename: `${slug}.png`, attributes: {} });
    } else if (media.type === 'gif') {
      const { gif, poster } = await renderGif(seed, { size: sizes.gif, frames: sizes.gifFrames, style: media.style });
      tokens.push({ media: await store.put(gif, 'image/gif'), thumbnail: await png(poster), filename: `${slug}.gif`, attributes: {} });
    } else if (media.type === 'multipart/image') {
      const { front, back } = await renderFlipcard(seed, { size: sizes.image, style: media.style });
      const [frontCid, backCid] = [await png(front), await png(back)];
      tokens.push({ media: frontCid, thumbnail: frontCid, filename: `${slug}-front.png`, attributes: { front: frontCid, back: backCid, files: [{ side: 'front', cid: frontCid }, { side: 'back', cid: backCid }] } });
    } else if (media.type === 'multipart/mixed') {
      const source = sketchSource(media.sketch, seedBase);
      const script = await store.put(new TextEncoder().encode(source), 'text/javascript');
      const tokenSeed = seed * 7919;
      const preview = await png(await renderSketchPreview(source, tokenSeed, sizes.image));
      tokens.push({ media: script, thumbnail: preview, filename: 'sketch.js', attributes: { [SEED_VARIABLE_NAME]: tokenSeed, seed: tokenSeed } });
      if (i === 0) {
        attributes.files = [{ name: 'sketch.js', cid: script, contentType: 'text/javascript' }];
        attributes.index = { entry: 'sketch.js', seedVariableName: SEED_VARIABLE_NAME };
        attributes.jsLibrary = SKETCH_LIBRARY;
      }
    } else if (media.type === 'sound') {
      const sound = await store.put(renderSound(seed), SOUND_CONTENT_TYPE);
      tokens.push({ media: sound, thumbnail: soundCover!, filename: `${slug}.wav`, attributes: {} });
    } else {
      const video = demoVideos[i % demoVideos.length]!;
      const poster = await png(await videoFrame(video, 0, Math.min(sizes.image, 360)));
      tokens.push({ media: await store.put(await readDemoVideo(video), VIDEO_CONTENT_TYPE), thumbnail: poster, filename: video.file, attributes: {} });
    }
  }
  if (media.type === 'multipart/image') Object.assign(attributes, { rows: 2, columns: 2 });
  const style = 'style' in media ? media.style : undefined;
  const cover = soundCover ?? (await png(await renderCover(seedBase + 1, sizes.cover[0], sizes.cover[1], style)));
  return { cover, thumbnail: tokens[0]!.thumbnail, attributes, tokens };
}
