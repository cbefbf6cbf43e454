// The like count of a token (issue 5's like toggle replaces this read-only version).
import { useTokenPatch } from '../../services/live/tokenPatches';

export function LikeButton({ tokenId, likesCount }: { tokenId: string; likesCount: number }) {
  const count = useTokenPatch(tokenId)?.likesCount ?? likesCount;
  return (
    <span className="token-card-likes" aria-label={`${count} ${count === 1 ? 'like' : 'likes'}`}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6h2c.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21Z" fill="currentColor" />
      </svg>
      {count}
    </span>
  );
}
