// The media store's refusals (type, size, an image that does not decode, no bytes), in a module of their own: the
// HTTP layer (http/errors.ts) maps them to responses without loading the store, which reads the server's config.
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
