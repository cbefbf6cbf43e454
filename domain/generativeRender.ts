// Verified generative art (issue 32, item 6): what a generative token's metadata records about its render when it is
// published, and how a device's own render is compared with it. The sandbox page (server/sandbox/generative.js, mode
// `verify`) draws the token's first frame at a fixed size, at pixel density 1, on a 2D canvas asked for with
// `willReadFrequently` (so Chromium keeps it in software, not on the GPU), and hashes the frame's RGBA pixels with
// SHA-256 itself. The studio records that hash in `properties.render` of each token's metadata document; a token page
// draws the same frame the same way and compares. Plain code: the studio's flow, the server and the token page use it.

/** Side of the square frame a verification render is drawn in, in CSS pixels at density 1. */
export const RENDER_CHECK_SIZE = 480;
/** The frame the check hashes: the first one drawn after setup (1), or setup's drawing when the sketch has no draw. */
export const RENDER_CHECK_FRAME = 1;

/** A frame that was drawn and hashed. */
export interface PixelRender {
  check: 'pixels';
  /** Lower-case hex SHA-256 of the canvas's RGBA pixels, row by row. */
  sha256: string;
  width: number;
  height: number;
  frame: number;
}

/**
 * A piece that is not verified, and why: it draws with WebGL (GPUs differ, so no two devices are expected to agree),
 * or it drew two different frames for the same seed on the publishing device (it uses unseeded randomness or time).
 */
export interface UnverifiedRender {
  check: 'none';
  reason: 'webgl' | 'varies';
}

export type GenerativeRender = PixelRender | UnverifiedRender;

const HEX_256 = /^[0-9a-f]{64}$/;
const isSide = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 16_384;

/** The render record when `value` is a well-formed one, else null (metadata is whatever was stored: read defensively). */
export function parseGenerativeRender(value: unknown): GenerativeRender | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.check === 'pixels') {
    const { sha256, width, height, frame } = record;
    if (typeof sha256 !== 'string' || !HEX_256.test(sha256) || !isSide(width) || !isSide(height)) return null;
    if (typeof frame !== 'number' || !Number.isSafeInteger(frame) || frame < 0) return null;
    return { check: 'pixels', sha256, width: width as number, height: height as number, frame };
  }
  if (record.check === 'none' && (record.reason === 'webgl' || record.reason === 'varies')) return { check: 'none', reason: record.reason };
  return null;
}

/** A token's recorded render, from its metadata document (`properties.render`); null when none was recorded. */
export function recordedRender(metadata: unknown): GenerativeRender | null {
  const properties = (metadata as { properties?: unknown } | null | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return null;
  return parseGenerativeRender((properties as { render?: unknown }).render);
}

/** Two renders of the publishing device for one seed: the record to keep. */
export function settleRender(first: GenerativeRender, second: GenerativeRender): GenerativeRender {
  if (first.check === 'none') return first;
  if (second.check === 'none') return second;
  return sameRender(first, second) ? first : { check: 'none', reason: 'varies' };
}

/** Whether a device's render is the recorded one: the same pixels at the same size and frame. */
export function sameRender(recorded: PixelRender, drawn: GenerativeRender): boolean {
  return drawn.check === 'pixels' && drawn.sha256 === recorded.sha256 && drawn.width === recorded.width && drawn.height === recorded.height && drawn.frame === recorded.frame;
}

/** The publish request's body: the render of each token, by token id (tokens whose frame could not be drawn are absent). */
export interface PublishRenders {
  renders?: Record<string, GenerativeRender>;
}

/** Message of a publish body whose renders are malformed. */
export const INVALID_RENDERS_MESSAGE = 'Invalid renders: give each token id a render with a SHA-256 hex hash, size and frame, or the reason it is not verified.';
/** Message of renders sent for a collection that is not generative. */
export const RENDERS_NOT_GENERATIVE_MESSAGE = 'Only a generative collection records renders.';
