// Offline generated artwork for the demo seed: every function is deterministic in its seed number.
export { compositionNames, artworkSvg, type CompositionName } from './compositions.js';
export { palettes, paletteFor, type Palette } from './palettes.js';
export { createRandom, mulberry32, type Random } from './random.js';
export { renderImage, renderGif, renderFlipcard, renderAvatar, renderCover, svgToPng, DEFAULT_ARTWORK_SIZE } from './render.js';
export { sketchSource, sketchToSvg, renderSketchPreview, SEED_VARIABLE_NAME, SKETCH_LIBRARY, type SketchName } from './generative.js';
export { demoVideos, readDemoVideo, videoFrame, VIDEO_CONTENT_TYPE, type DemoVideo } from './video.js';
export { renderSound, encodeWav, SOUND_CONTENT_TYPE, SOUND_SECONDS } from './sound.js';
