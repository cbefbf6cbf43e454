import { readFile } from 'node:fs/promises';
import { artworkSvg, type CompositionName } from './compositions.js';
import { svgToPng } from './render.js';

/**
 * Demo videos. No video encoder is guaranteed on a fresh machine, so the clips were encoded once
 * (scripts/seed/make-videos.ts, with a one-off ffmpeg) from these same frames and committed as assets.
 */
export interface DemoVideo {
  file: string;
  seed: number;
  style: CompositionName;
}

export const VIDEO_SIZE = 360;
export const VIDEO_FRAMES = 48;
export const VIDEO_FPS = 12;

export const demoVideos: readonly DemoVideo[] = [
  { file: 'tide-01.webm', seed: 4101, style: 'horizon' },
  { file: 'tide-02.webm', seed: 4102, style: 'rings' },
  { file: 'tide-03.webm', seed: 4103, style: 'orbs' },
  { file: 'tide-04.webm', seed: 4104, style: 'stripes' },
];

export const VIDEO_CONTENT_TYPE = 'video/webm';

/** Frame `index` of a demo video as PNG (the encoder input, and the poster for frame 0). */
export function videoFrame(video: DemoVideo, index: number, size = VIDEO_SIZE): Promise<Buffer> {
  return svgToPng(artworkSvg(video.seed, size, video.style, index / VIDEO_FRAMES));
}

export function readDemoVideo(video: DemoVideo): Promise<Buffer> {
  return readFile(new URL(`../assets/${video.file}`, import.meta.url));
}
