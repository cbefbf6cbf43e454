import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  demoVideos, readDemoVideo, renderAvatar, renderFlipcard, renderGif, renderImage, renderSketchPreview, sketchSource, sketchToSvg, SEED_VARIABLE_NAME,
} from '../../scripts/seed/artwork/index.js';
import { cidFor } from '../../server/media/store.js';

const cid = async (bytes: Uint8Array) => cidFor(bytes);

describe('generated artwork', () => {
  it('behavior: the same seed gives the same CID, another seed a different one', async () => {
    const [a, b, c] = await Promise.all([renderImage(42, { size: 128 }), renderImage(42, { size: 128 }), renderImage(43, { size: 128 })]);
    expect(await cid(a)).toBe(await cid(b));
    expect(await cid(a)).not.toBe(await cid(c));
    expect((await sharp(a).metadata()).format).toBe('png');
  });

  it('gif: an animated GIF89a with every frame, deterministic', async () => {
    const first = await renderGif(7, { size: 64, frames: 4 });
    const again = await renderGif(7, { size: 64, frames: 4 });
    expect(first.gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const meta = await sharp(first.gif, { animated: true }).metadata();
    expect(meta.pages).toBe(4);
    expect(await cid(first.gif)).toBe(await cid(again.gif));
    expect((await sharp(first.poster).metadata()).format).toBe('png');
  });

  it('flipcard: two different faces', async () => {
    const { front, back } = await renderFlipcard(9, { size: 64 });
    expect(await cid(front)).not.toBe(await cid(back));
  });

  it('generative: the sketch reads the seed variable and its preview depends on the token seed', async () => {
    const source = sketchSource('constellation', 3);
    expect(source).toContain(SEED_VARIABLE_NAME);
    expect(source).toMatch(/function setup\(\)/);
    expect(sketchToSvg(source, 1)).toBe(sketchToSvg(source, 1));
    expect(sketchToSvg(source, 1)).not.toBe(sketchToSvg(source, 2));
    const preview = await renderSketchPreview(sketchSource('tidal', 3), 5, 96);
    expect((await sharp(preview).metadata()).width).toBe(96);
  });

  it('avatar and videos: avatars are PNG; the committed demo videos are WebM files', async () => {
    expect((await sharp(await renderAvatar(1, 64)).metadata()).format).toBe('png');
    for (const video of demoVideos) {
      const bytes = await readDemoVideo(video);
      expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3); // EBML magic of Matroska/WebM
      expect(bytes.length).toBeLessThan(100_000);
    }
  });
});
