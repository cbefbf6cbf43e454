// A finished upload's bytes must be what its name says (the creator studio "upload validation"): images, audio and video by
// their magic bytes (images are decoded again by the media store's sharp thumbnail), scripts by valid UTF-8.
import { ApiError } from '../http/errors.js';

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && Array.from(text).every((char, i) => bytes[start + i] === char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** ISO base media boxes a QuickTime file may open with (older .mov files have no ftyp). */
const QUICKTIME_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** One check per accepted extension (server/studio/uploadRules.ts lists them). */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  mp4: (b) => ascii(b, 4, 'ftyp'),
  mov: (b) => QUICKTIME_BOXES.some((box) => ascii(b, 4, box)),
  webm: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  // An ID3 tag, or an MPEG audio frame sync (11 bits set).
  mp3: (b) => ascii(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  wav: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'),
  ogg: (b) => ascii(b, 0, 'OggS'),
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes a signature check looks at (the longest: a WAVE header's 12). */
const HEAD_BYTES = 16;

/**
 * The same check over a stream (a finished upload is read only once): the file's first bytes are checked as they
 * pass, a script's UTF-8 chunk by chunk; `checked` yields the bytes on and throws the 415 at the first bad byte.
 */
export async function* checkedUploadContent(source: AsyncIterable<Uint8Array>, extension: string): AsyncIterable<Uint8Array> {
  const decoder = extension === 'js' ? new TextDecoder('utf-8', { fatal: true }) : null;
  let head: Uint8Array | null = decoder ? null : new Uint8Array(0);
  const decode = (chunk: Uint8Array | undefined) => {
    try {
      if (chunk) decoder!.decode(chunk, { stream: true });
      else decoder!.decode();
    } catch {
      throw new ApiError(415, 'invalid_file', 'The script is not valid UTF-8 text.');
    }
  };
  for await (const chunk of source) {
    if (decoder) decode(chunk);
    else if (head) {
      const joined = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      head = joined.byteLength >= HEAD_BYTES ? null : joined;
      if (!head) assertUploadContent(joined.subarray(0, HEAD_BYTES), extension);
    }
    yield chunk;
  }
  if (decoder) decode(undefined);
  else if (head) assertUploadContent(head, extension);
}

/** Throws a 415 when the bytes are not a file of this extension. */
export function assertUploadContent(bytes: Uint8Array, extension: string): void {
  if (extension === 'js') {
    try {
      utf8.decode(bytes);
    } catch {
      throw new ApiError(415, 'invalid_file', 'The script is not valid UTF-8 text.');
    }
    return;
  }
  const check = SIGNATURES[extension];
  if (!check || !check(bytes)) {
    throw new ApiError(415, 'invalid_file', `The file's content is not a .${extension} file.`);
  }
}
