import sharp from 'sharp';
import { artworkSvg, type CompositionName } from './compositions.js';
import { createRandom, r2 } from './random.js';
import { paletteFor } from './palettes.js';

export interface RenderOptions {
  /** Edge length in pixels; the demo uses 1200, tests use small sizes to stay fast. */
  size?: number;
  style?: CompositionName;
}

export const DEFAULT_ARTWORK_SIZE = 1200;

export async function svgToPng(svg: string): Promise<Buffer> {
  // compressionLevel and no metadata keep the bytes identical across runs for the same SVG.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}

/** A still abstract artwork as PNG. */
export async function renderImage(seed: number, options: RenderOptions = {}): Promise<Buffer> {
  return svgToPng(artworkSvg(seed, options.size ?? DEFAULT_ARTWORK_SIZE, options.style));
}

export interface GifOptions extends RenderOptions {
  frames?: number;
  delayMs?: number;
}

/** An animated GIF (GIF89a, looping) of a composition whose shapes move with t. */
export async function renderGif(seed: number, options: GifOptions = {}): Promise<{ gif: Buffer; poster: Buffer }> {
  const size = options.size ?? 600;
  const count = options.frames ?? 12;
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) frames.push(await svgToPng(artworkSvg(seed, size, options.style, i / count)));
  const gif = await sharp(frames, { join: { animated: true } })
    .gif({ delay: frames.map(() => options.delayMs ?? 90), loop: 0, effort: 7, dither: 0 }) // flat colours: dithering only costs time
    .toBuffer();
  return { gif, poster: frames[0]! };
}

/** A flipcard: two faces of one token, drawn from neighbouring seeds in two related styles. */
export async function renderFlipcard(seed: number, options: RenderOptions = {}): Promise<{ front: Buffer; back: Buffer }> {
  const size = options.size ?? 900;
  const front = await svgToPng(artworkSvg(seed, size, options.style ?? 'bauhaus'));
  const back = await svgToPng(artworkSvg(seed + 1, size, 'rings'));
  return { front, back };
}

/** An avatar: a soft gradient disc with a few geometric marks, no text (fonts differ across machines). */
export async function renderAvatar(seed: number, size = 256): Promise<Buffer> {
  const rnd = createRandom(seed * 31 + 11);
  const p = paletteFor(seed);
  const [a, b, c] = [rnd.pick(p.colors), rnd.pick(p.colors), rnd.pick(p.colors)];
  let marks = '';
  for (let i = 0; i < 3; i++) {
    marks += `<circle cx="${r2(rnd.range(60, 196))}" cy="${r2(rnd.range(60, 196))}" r="${r2(rnd.range(18, 60))}" fill="${rnd.pick(p.colors)}" opacity="0.8"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="256" height="256" fill="url(#bg)"/>${marks}<circle cx="128" cy="128" r="${r2(rnd.range(30, 50))}" fill="${c}"/></svg>`;
  return svgToPng(svg);
}

/** A wide cover image for a collection or an exhibition: the middle band of the square composition. */
export async function renderCover(seed: number, width = 1600, height = 600, style?: CompositionName): Promise<Buffer> {
  const band = (1000 * height) / width;
  // Only the visible band is rasterised: a square render of a 1600 px cover takes seconds.
  const svg = artworkSvg(seed, width, style).replace(
    `width="${width}" height="${width}" viewBox="0 0 1000 1000"`,
    `width="${width}" height="${height}" viewBox="0 ${r2((1000 - band) / 2)} 1000 ${r2(band)}"`,
  );
  return svgToPng(svg);
}
