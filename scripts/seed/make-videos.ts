// One-off: encodes the demo videos (VP9 WebM) from generated frames. Needs FFMPEG=/path/to/ffmpeg;
// the outputs are committed in scripts/seed/assets/, so seeding never needs an encoder.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoVideos, videoFrame, VIDEO_FPS, VIDEO_FRAMES } from './artwork/video.js';

const ffmpeg = process.env.FFMPEG;
if (!ffmpeg) throw new Error('Set FFMPEG to an ffmpeg binary (only needed to re-encode the committed assets).');
const assets = fileURLToPath(new URL('./assets/', import.meta.url));

for (const video of demoVideos) {
  const dir = await mkdtemp(join(tmpdir(), 'frames-'));
  for (let i = 0; i < VIDEO_FRAMES; i++) await writeFile(join(dir, `f${String(i).padStart(3, '0')}.png`), await videoFrame(video, i));
  const out = join(assets, video.file);
  const result = spawnSync(ffmpeg, [
    '-y', '-loglevel', 'error', '-framerate', String(VIDEO_FPS), '-i', join(dir, 'f%03d.png'),
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-pix_fmt', 'yuv420p', '-row-mt', '1', '-an', out,
  ], { stdio: 'inherit' });
  await rm(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${video.file}`);
  console.log(`wrote ${out}`);
}
