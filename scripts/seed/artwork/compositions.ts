import { createRandom, r2, type Random } from './random.js';
import { paletteFor, type Palette } from './palettes.js';

/** Every composition draws on a 1000×1000 view box; `t` in [0, 1) animates it (0 for stills). */
type Composition = (rnd: Random, p: Palette, t: number) => string;

const TAU = Math.PI * 2;

const bauhaus: Composition = (rnd, p, t) => {
  const n = rnd.int(3, 6);
  const cell = 1000 / n;
  let out = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const cx = x * cell;
      const cy = y * cell;
      const fill = rnd.pick(p.colors);
      const shape = rnd.int(0, 3);
      const rot = (rnd.int(0, 3) * 90 + t * 360 * (rnd.chance(0.3) ? 1 : 0)) % 360;
      out += `<rect x="${r2(cx)}" y="${r2(cy)}" width="${r2(cell)}" height="${r2(cell)}" fill="${rnd.pick(p.colors)}"/>`;
      const g = `transform="rotate(${r2(rot)} ${r2(cx + cell / 2)} ${r2(cy + cell / 2)})"`;
      if (shape === 0) out += `<path ${g} d="M${r2(cx)} ${r2(cy)} h${r2(cell)} a${r2(cell)} ${r2(cell)} 0 0 1 ${r2(-cell)} ${r2(cell)} z" fill="${fill}"/>`;
      else if (shape === 1) out += `<circle cx="${r2(cx + cell / 2)}" cy="${r2(cy + cell / 2)}" r="${r2(cell * 0.36)}" fill="${fill}"/>`;
      else if (shape === 2) out += `<path ${g} d="M${r2(cx)} ${r2(cy + cell)} a${r2(cell / 2)} ${r2(cell / 2)} 0 0 1 ${r2(cell)} 0 z" fill="${fill}"/>`;
      else out += `<path ${g} d="M${r2(cx)} ${r2(cy)} L${r2(cx + cell)} ${r2(cy + cell)} L${r2(cx)} ${r2(cy + cell)} z" fill="${fill}"/>`;
    }
  }
  return out;
};

const orbs: Composition = (rnd, p, t) => {
  // Soft edges come from many-stop radial gradients: a blur filter costs seconds per frame at 1200 px.
  let defs = '';
  let body = '';
  const count = rnd.int(5, 9);
  for (let i = 0; i < count; i++) {
    const id = `g${i}`;
    const c = rnd.pick(p.colors);
    defs += `<radialGradient id="${id}"><stop offset="0" stop-color="${c}" stop-opacity="0.95"/><stop offset="0.35" stop-color="${c}" stop-opacity="0.8"/><stop offset="0.65" stop-color="${c}" stop-opacity="0.35"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
    const phase = rnd.range(0, TAU);
    const amp = rnd.range(20, 90);
    const x = rnd.range(150, 850) + Math.cos(phase + t * TAU) * amp;
    const y = rnd.range(150, 850) + Math.sin(phase + t * TAU) * amp;
    body += `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(rnd.range(180, 420))}" fill="url(#${id})"/>`;
  }
  const ring = rnd.pick(p.colors);
  body += `<circle cx="500" cy="500" r="${r2(rnd.range(220, 340))}" fill="none" stroke="${ring}" stroke-width="3" opacity="0.7"/>`;
  return `<defs>${defs}</defs>${body}`;
};

const flow: Composition = (rnd, p, t) => {
  const lines = rnd.int(60, 110);
  const fx = rnd.range(0.002, 0.006);
  const fy = rnd.range(0.002, 0.006);
  const twist = rnd.range(1, 3);
  let out = '';
  for (let i = 0; i < lines; i++) {
    let x = rnd.range(-50, 1050);
    let y = rnd.range(-50, 1050);
    const stroke = rnd.pick(p.colors);
    const width = rnd.range(1.5, 6);
    let d = `M${r2(x)} ${r2(y)}`;
    for (let s = 0; s < 40; s++) {
      const a = (Math.sin(x * fx + t * TAU) + Math.cos(y * fy)) * twist;
      x += Math.cos(a) * 14;
      y += Math.sin(a) * 14;
      d += ` L${r2(x)} ${r2(y)}`;
    }
    out += `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${r2(width)}" stroke-linecap="round" opacity="0.85"/>`;
  }
  return out;
};

const horizon: Composition = (rnd, p, t) => {
  const [a, b, c, d, e] = p.colors;
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${e}"/></linearGradient></defs>`;
  out += '<rect width="1000" height="1000" fill="url(#sky)"/>';
  const sunY = rnd.range(260, 480) - Math.sin(t * TAU) * 40;
  out += `<circle cx="${r2(rnd.range(300, 700))}" cy="${r2(sunY)}" r="${r2(rnd.range(90, 170))}" fill="${b}"/>`;
  const layers = rnd.int(3, 5);
  for (let l = 0; l < layers; l++) {
    const base = 520 + l * (420 / layers);
    const amp = rnd.range(30, 120);
    const freq = rnd.range(1, 4);
    const shift = rnd.range(0, TAU);
    let path = `M0 1000 L0 ${r2(base)}`;
    for (let x = 0; x <= 1000; x += 25) path += ` L${x} ${r2(base + Math.sin((x / 1000) * freq * TAU + shift) * amp)}`;
    path += ' L1000 1000 z';
    out += `<path d="${path}" fill="${[c, d, p.ink, b][l % 4]}" opacity="${r2(0.75 + l * 0.06)}"/>`;
  }
  return out;
};

const stripes: Composition = (rnd, p, t) => {
  let out = '';
  let x = 0;
  const tilt = rnd.range(-12, 12) + Math.sin(t * TAU) * 4;
  out += `<g transform="rotate(${r2(tilt)} 500 500)">`;
  while (x < 1400) {
    const w = rnd.range(18, 140);
    out += `<rect x="${r2(x - 200)}" y="-300" width="${r2(w)}" height="1600" fill="${rnd.pick(p.colors)}" opacity="${r2(rnd.range(0.7, 1))}"/>`;
    x += w + rnd.range(0, 24);
  }
  out += '</g>';
  const band = rnd.range(380, 620);
  out += `<rect x="0" y="${r2(band)}" width="1000" height="${r2(rnd.range(30, 90))}" fill="${p.background}" opacity="0.9"/>`;
  return out;
};

const rings: Composition = (rnd, p, t) => {
  let out = '';
  const centres = rnd.int(2, 4);
  for (let c = 0; c < centres; c++) {
    const cx = rnd.range(200, 800);
    const cy = rnd.range(200, 800);
    const count = rnd.int(6, 14);
    const gap = rnd.range(18, 40);
    const stroke = rnd.pick(p.colors);
    for (let i = count; i > 0; i--) {
      const r = i * gap + ((t * gap) % gap);
      out += `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="none" stroke="${stroke}" stroke-width="${r2(gap * 0.35)}" opacity="${r2(0.35 + (i / count) * 0.6)}"/>`;
    }
  }
  return out;
};

export const compositions = { bauhaus, orbs, flow, horizon, stripes, rings } as const;
export type CompositionName = keyof typeof compositions;
export const compositionNames = Object.keys(compositions) as CompositionName[];

/** The SVG document for one artwork (and one animation frame when `t` > 0). */
export function artworkSvg(seed: number, size: number, style?: CompositionName, t = 0): string {
  const rnd = createRandom(seed);
  const palette = paletteFor(seed * 7 + 3);
  const name = style ?? compositionNames[seed % compositionNames.length]!;
  const body = compositions[name](rnd, palette, t);
  // No noise grain: it would make every PNG several megabytes in the media store.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    `<rect width="1000" height="1000" fill="${palette.background}"/>${body}</svg>`;
}
