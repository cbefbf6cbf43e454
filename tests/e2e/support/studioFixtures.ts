import type { Page } from '@playwright/test';
import sharp from 'sharp';

// Media the studio specs upload, all made by the test itself (nothing is downloaded): small PNGs, an animated GIF,
// a p5.js sketch that draws the same picture for the same seed, and a video recorded in Chromium.

/** What Playwright's setInputFiles takes for a file made in memory. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A distinct colour for file #index, so the files of a collection differ in their bytes and on screen. */
export function colorFor(index: number): Rgb {
  const hue = (index * 137) % 360;
  const c = 200;
  const x = Math.round(c * (1 - Math.abs(((hue / 60) % 2) - 1)));
  const [r, g, b] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return { r: r + 40, g: g + 40, b: b + 40 };
}

/** A PNG of `width`×`height`: the colour with a diagonal band, so it has a shape a crop or thumbnail keeps. */
export async function pngImage({ width = 320, height = 320, color }: { width?: number; height?: number; color: Rgb }): Promise<Buffer> {
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <polygon points="0,${height} ${width * 0.4},0 ${width * 0.6},0 ${width * 0.2},${height}" fill="#ffffff" fill-opacity="0.6"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: Buffer.from(band) }])
    .png()
    .toBuffer();
}

/** PNG files named `<prefix>-<n>.png` (n from 1), each its own colour. */
export async function pngFiles(prefix: string, count: number, size = 320): Promise<FilePayload[]> {
  const files: FilePayload[] = [];
  for (let i = 0; i < count; i++) {
    files.push({ name: `${prefix}-${i + 1}.png`, mimeType: 'image/png', buffer: await pngImage({ width: size, height: size, color: colorFor(i) }) });
  }
  return files;
}

/** An animated GIF: `frames` frames of `size`×`size`, a square moving across a coloured background, looping. */
export async function animatedGif({ size = 160, frames = 6, delayMs = 120 }: { size?: number; frames?: number; delayMs?: number } = {}): Promise<Buffer> {
  const pages: Buffer[] = [];
  for (let i = 0; i < frames; i++) {
    const step = Math.round(((size * 0.7) / Math.max(frames - 1, 1)) * i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <rect width="${size}" height="${size}" fill="#1d3557"/>
      <rect x="${step}" y="${Math.round(size * 0.35)}" width="${Math.round(size * 0.3)}" height="${Math.round(size * 0.3)}" fill="#e63946"/></svg>`;
    pages.push(await sharp(Buffer.from(svg)).png().toBuffer());
  }
  return sharp(pages, { join: { animated: true } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => delayMs) })
    .toBuffer();
}

/** Canvas side of the generative sketch, in CSS pixels and bitmap pixels alike (pixel density 1). */
export const SKETCH_SIZE = 400;

/**
 * A p5.js sketch (global mode) that draws a picture decided by the seed alone: the sandbox defines
 * `seedVariableName` before the script runs. The canvas has a fixed size and pixel density 1 and draws once, so
 * the same seed gives the same pixels wherever it runs.
 */
export function generativeSketch(seedVariableName: string, size = SKETCH_SIZE): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seedVariableName)) throw new Error(`not a JavaScript name: ${seedVariableName}`);
  return `// Studio e2e sketch: a seeded arrangement of discs and bars; the seed is ${seedVariableName}.
const SIZE = ${size};
function hashSeed(value) {
  const text = String(value);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); }
  return h >>> 0;
}
function mulberry32(a) {
  return function () { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const rand = mulberry32(hashSeed(${seedVariableName}));
function setup() {
  pixelDensity(1);
  createCanvas(SIZE, SIZE);
  noLoop();
}
function draw() {
  background(Math.floor(rand() * 60), Math.floor(rand() * 60), 40 + Math.floor(rand() * 60));
  noStroke();
  const bars = 6 + Math.floor(rand() * 6);
  for (let i = 0; i < bars; i++) {
    fill(Math.floor(rand() * 256), Math.floor(rand() * 256), Math.floor(rand() * 256));
    rect(Math.floor(rand() * SIZE), 0, 4 + Math.floor(rand() * 30), SIZE);
  }
  const discs = 12 + Math.floor(rand() * 12);
  for (let i = 0; i < discs; i++) {
    fill(Math.floor(rand() * 256), Math.floor(rand() * 256), Math.floor(rand() * 256), 200);
    circle(Math.floor(rand() * SIZE), Math.floor(rand() * SIZE), 10 + Math.floor(rand() * 90));
  }
}
`;
}

export function generativeSketchFile(seedVariableName: string, name = 'sketch.js'): FilePayload {
  return { name, mimeType: 'text/javascript', buffer: Buffer.from(generativeSketch(seedVariableName), 'utf8') };
}

/**
 * A WebM video of at least `minBytes`, recorded in the page's Chromium: a canvas filled with fresh noise every
 * frame, captured with canvas.captureStream and MediaRecorder at a high bit rate until the recorded blob passes
 * `minBytes`. Noise does not compress, so the size is reached in a few seconds. Returns the file's bytes.
 */
export async function recordVideo(page: Page, { minBytes, width = 640, height = 360 }: { minBytes: number; width?: number; height?: number }): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ minBytes, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const frame = context.createImageData(width, height);
      const words = new Uint32Array(frame.data.buffer);
      let state = 0x9e3779b9;
      const paint = () => {
        // xorshift noise, opaque pixels: a new picture each frame, so every frame costs the encoder its full rate.
        for (let i = 0; i < words.length; i++) {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          words[i] = (state | 0xff000000) >>> 0;
        }
        context.putImageData(frame, 0, 0);
      };
      paint();
      const mimeType = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type));
      if (!mimeType) throw new Error('this browser records no WebM');
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType, videoBitsPerSecond: 40_000_000 });
      const chunks: Blob[] = [];
      let recorded = 0;
      const timer = setInterval(paint, 33);
      const done = new Promise<Blob>((resolve, reject) => {
        recorder.onerror = () => reject(new Error('MediaRecorder failed'));
        recorder.onstop = () => resolve(new Blob(chunks, { type: 'video/webm' }));
      });
      recorder.ondataavailable = (event) => {
        chunks.push(event.data);
        recorded += event.data.size;
        if (recorded >= minBytes && recorder.state === 'recording') recorder.stop();
      };
      const giveUp = setTimeout(() => recorder.state === 'recording' && recorder.stop(), 90_000);
      recorder.start(250);
      const blob = await done;
      clearInterval(timer);
      clearTimeout(giveUp);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { minBytes, width, height },
  );
  const video = Buffer.from(base64, 'base64');
  if (video.length < minBytes) throw new Error(`the recording stopped at ${video.length} bytes, under the ${minBytes} wanted`);
  return video;
}
