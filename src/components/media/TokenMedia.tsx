// The token's media for a card or the detail page (issue 5 media viewers replace this image-only version).

export interface MediaToken {
  _id: string;
  name: string;
  mediaType: string;
  mediaUrl?: string | null;
  thumbnailUrl?: string | null;
  attributes?: unknown;
  collection?: { attributes?: unknown } | null;
}

const THUMB_SIZE = 400;

export function TokenMedia({ token, variant }: { token: MediaToken; variant: 'card' | 'detail' }) {
  const src = variant === 'card' ? token.thumbnailUrl : (token.mediaUrl ?? token.thumbnailUrl);
  if (!src) return <div className="token-card-placeholder" aria-hidden="true" />;
  return <img src={src} alt={token.name} width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />;
}
