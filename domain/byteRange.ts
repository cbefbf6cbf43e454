// Single byte ranges (RFC 9110 §14.1.2), as a video or audio element asks for them: the server's /ipfs/ route and the
// service worker's saved media (src/offline/mediaCache.ts) answer a Range header by this one rule.

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * A single `bytes=a-b` range over a file of `size` bytes: null for no header (the whole file), 'invalid' when it
 * cannot be satisfied (416). An end past the file is cut to its last byte; `bytes=-n` is the last n bytes.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}
