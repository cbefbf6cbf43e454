// The media store's refusals (type, size, an image that does not decode, no bytes), in a module of their own, so what
// throws them need not load the store. The HTTP layer (http/errors.ts) answers them by their status and code.
export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    readonly code: 'unsupported_media_type' | 'too_large' | 'invalid_image' | 'empty',
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}
