// Reads what each viewer needs from a token and its collection's attributes (as the demo seed stores them).
import type { MediaToken } from './MediaThumbnail';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
};

/** The folder part of a media URL ("/ipfs/thumbnail/<cid>?x" → "/ipfs/thumbnail/"), to address sibling CIDs. */
export function urlPrefixOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0]!;
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : null;
}

/** The last path segment of a media URL, i.e. its CID. */
export function cidOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  return /^[A-Za-z0-9]{10,200}$/.test(last) ? last : null;
}

export interface FlipcardSpec {
  rows: number;
  columns: number;
  front: { media: string; thumbnail: string };
  back: { media: string; thumbnail: string };
}

/**
 * Front and back faces (token attributes front/back CIDs) in a rows × columns grid (collection attributes). A studio
 * flipcard (docs/requirements.md#studio-upload: exactly one image, display { layout, action, transition, rows, columns })
 * keeps its grid under `display` and has no back CID: its cards flip over to the same image's slice.
 */
export function flipcardSpec(token: MediaToken): FlipcardSpec | null {
  const attributes = record(token.attributes);
  const collection = record(token.collection?.attributes);
  const display = record(collection.display);
  const studioFlipcard = Object.keys(display).length > 0;
  const mediaPrefix = urlPrefixOf(token.mediaUrl) ?? urlPrefixOf(token.thumbnailUrl);
  const thumbPrefix = urlPrefixOf(token.thumbnailUrl) ?? mediaPrefix;
  const front = text(attributes.front) ?? cidOf(token.mediaUrl);
  const back = text(attributes.back) ?? (studioFlipcard ? front : null);
  if (!mediaPrefix || !thumbPrefix || !front || !back) return null;
  return {
    rows: count(collection.rows) ?? count(display.rows) ?? 1,
    columns: count(collection.columns) ?? count(display.columns) ?? 1,
    front: { media: mediaPrefix + front, thumbnail: thumbPrefix + front },
    back: { media: mediaPrefix + back, thumbnail: thumbPrefix + back },
  };
}

export interface GenerativeSpec {
  cid: string;
  seed: string;
  variable: string;
  library: string;
}

/**
 * The sketch (the collection's index entry among its files, else the token's media), the token's seed (stored in
 * the token's attributes under the seed variable name, or as `seed`) and the library. Null: show the thumbnail.
 */
export function generativeSpec(token: MediaToken): GenerativeSpec | null {
  const attributes = record(token.attributes);
  const collection = record(token.collection?.attributes);
  const index = record(collection.index);
  // Without the collection's seed variable name the sketch would read an undefined seed: show the thumbnail.
  const variable = text(index.seedVariableName);
  if (variable === null) return null;
  const entry = text(index.entry);
  const files = Array.isArray(collection.files) ? collection.files.map(record) : [];
  const cid = text(files.find((file) => entry !== null && file.name === entry)?.cid) ?? cidOf(token.mediaUrl);
  const rawSeed = attributes[variable] ?? attributes.seed;
  const seed = typeof rawSeed === 'number' || typeof rawSeed === 'string' ? String(rawSeed) : null;
  const library = text(collection.jsLibrary) ?? 'p5';
  if (!cid || seed === null || library !== 'p5' || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(variable)) return null;
  return { cid, seed, variable, library };
}

declare const __SANDBOX_VERSION__: string | undefined;
const SANDBOX_VERSION = typeof __SANDBOX_VERSION__ === 'string' ? __SANDBOX_VERSION__ : '';

/**
 * The sandbox page URL for a generative token, on the content origin (the server config's `contentOrigin`, never the
 * app's own): every parameter in the query, nothing else is shared with it.
 */
export function sandboxUrl(spec: GenerativeSpec, contentOrigin: string, mode?: 'verify'): string {
  const query = new URLSearchParams({ cid: spec.cid, seed: spec.seed, var: spec.variable, lib: spec.library });
  // verify: the page draws the fixed frame a render check hashes and posts the hash (domain/generativeRender.ts).
  if (mode) query.set('mode', mode);
  // The sandbox page's version (vite.config.ts): under it the server serves the page as immutable, so it plays offline.
  if (SANDBOX_VERSION) query.set('v', SANDBOX_VERSION);
  return `${contentOrigin.replace(/\/+$/, '')}/sandbox/generative.html?${query.toString()}`;
}
