import { svgToPng } from './render.js';
import { paletteFor } from './palettes.js';

/** The seed variable a generative collection's viewer defines before running the sketch. */
export const SEED_VARIABLE_NAME = 'tokenSeed';
export const SKETCH_LIBRARY = 'p5';
export const SKETCH_SIZE = 800;

export type SketchName = 'constellation' | 'tidal';

// Shared by the sketch and the preview: plain JS so the same text runs in p5 and in our recorder.
const prelude = (palette: readonly string[], background: string) => `
const W = ${SKETCH_SIZE};
const PALETTE = ${JSON.stringify(palette)};
const BACKGROUND = ${JSON.stringify(background)};
function mulberry32(a) { return function () { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const rand = mulberry32(Number(${SEED_VARIABLE_NAME}) >>> 0);
const between = (a, b) => a + (b - a) * rand();
const choose = (list) => list[Math.floor(rand() * list.length)];
function tint(hex, alpha) { const n = parseInt(hex.slice(1), 16); return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + alpha + ')'; }
function setup() { createCanvas(W, W); noLoop(); }
`;

const bodies: Record<SketchName, string> = {
  constellation: `
function draw() {
  background(BACKGROUND);
  const stars = [];
  const count = 40 + Math.floor(rand() * 50);
  for (let i = 0; i < count; i++) stars.push({ x: between(40, W - 40), y: between(40, W - 40), r: between(2, 18), c: choose(PALETTE) });
  strokeWeight(1.2);
  for (let i = 0; i < stars.length; i++) {
    for (let j = i + 1; j < stars.length; j++) {
      const d = Math.hypot(stars[i].x - stars[j].x, stars[i].y - stars[j].y);
      if (d < 120) { stroke(tint(stars[i].c, 0.45)); line(stars[i].x, stars[i].y, stars[j].x, stars[j].y); }
    }
  }
  noStroke();
  for (const s of stars) { fill(tint(s.c, 0.25)); circle(s.x, s.y, s.r * 5); fill(s.c); circle(s.x, s.y, s.r * 2); }
}
`,
  tidal: `
function draw() {
  background(BACKGROUND);
  const waves = 24 + Math.floor(rand() * 24);
  const freq = between(0.004, 0.02);
  const amp = between(10, 60);
  const phase = between(0, Math.PI * 2);
  noFill();
  for (let i = 0; i < waves; i++) {
    const y0 = (W / waves) * (i + 0.5);
    stroke(tint(choose(PALETTE), between(0.5, 0.95)));
    strokeWeight(between(1, 6));
    beginShape();
    for (let x = 0; x <= W; x += 10) vertex(x, y0 + Math.sin(x * freq + phase + i * 0.3) * amp * Math.sin(i / waves * Math.PI));
    endShape();
  }
}
`,
};

/** The sketch source for a collection: p5 global mode, reads the seed from `tokenSeed`. */
export function sketchSource(name: SketchName, paletteSeed: number): string {
  const p = paletteFor(paletteSeed);
  return `// Generative sketch (p5.js). The viewer defines ${SEED_VARIABLE_NAME} before this script runs.\n` +
    prelude(p.colors, p.background) + bodies[name];
}

/** Runs the sketch against a tiny recorder of the p5 calls it uses and returns the drawing as SVG. */
export function sketchToSvg(source: string, tokenSeed: number, size = SKETCH_SIZE): string {
  const parts: string[] = [];
  let fillColor: string | null = '#ffffff';
  let strokeColor: string | null = '#000000';
  let weight = 1;
  const paint = () => `fill="${fillColor ?? 'none'}" stroke="${strokeColor ?? 'none'}" stroke-width="${weight}"`;
  let vertices: string[] = [];
  const api = {
    beginShape: () => { vertices = []; },
    vertex: (x: number, y: number) => { vertices.push(`${x.toFixed(2)},${y.toFixed(2)}`); },
    endShape: () => parts.push(`<polyline points="${vertices.join(' ')}" ${paint()} stroke-linejoin="round"/>`),
    createCanvas: () => undefined,
    noLoop: () => undefined,
    background: (c: string) => parts.push(`<rect width="${SKETCH_SIZE}" height="${SKETCH_SIZE}" fill="${c}"/>`),
    fill: (c: string) => { fillColor = c; },
    noFill: () => { fillColor = null; },
    stroke: (c: string) => { strokeColor = c; },
    noStroke: () => { strokeColor = null; },
    strokeWeight: (w: number) => { weight = Math.round(w * 100) / 100; },
    circle: (x: number, y: number, d: number) => parts.push(`<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${(d / 2).toFixed(2)}" ${paint()}/>`),
    line: (x1: number, y1: number, x2: number, y2: number) =>
      parts.push(`<line x1="${x1.toFixed(2)}" y1="${y1.toFixed(2)}" x2="${x2.toFixed(2)}" y2="${y2.toFixed(2)}" stroke="${strokeColor ?? 'none'}" stroke-width="${weight}" stroke-linecap="round"/>`),
  };
  const names = Object.keys(api);
  const run = new Function(SEED_VARIABLE_NAME, ...names, `${source}\nsetup();\ndraw();`) as (...args: unknown[]) => void;
  run(tokenSeed, ...names.map((n) => api[n as keyof typeof api]));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${SKETCH_SIZE} ${SKETCH_SIZE}">${parts.join('')}</svg>`;
}

/** The PNG preview of one token of a generative collection, drawn by the sketch itself. */
export async function renderSketchPreview(source: string, tokenSeed: number, size = 600): Promise<Buffer> {
  return svgToPng(sketchToSvg(source, tokenSeed, size));
}
