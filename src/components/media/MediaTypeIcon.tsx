import type { ReactNode } from 'react';
import { MEDIA_TYPE_LABELS } from '../../../domain/mediaTypes';

export type LabelledMediaType = keyof typeof MEDIA_TYPE_LABELS;

const strokes = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const ICONS: Record<LabelledMediaType, ReactNode> = {
  image: (
    <g {...strokes}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="8.5" cy="9.5" r="1.5" />
      <path d="M21 16l-5-5-9 9" />
    </g>
  ),
  gif: (
    <g {...strokes}>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M9 10H7.5a1.5 1.5 0 0 0-1.5 1.5v1A1.5 1.5 0 0 0 7.5 14H9v-2H8M12 10v4M15 14v-4h2.5M15 12h2" />
    </g>
  ),
  'multipart/image': (
    <g {...strokes}>
      <rect x="3" y="5" width="8" height="14" rx="1.5" />
      <rect x="13" y="5" width="8" height="14" rx="1.5" />
      <path d="M7 2.5c3 0 6 1 8 3m0 0l-.5-2.5M15 5.5l-2.5.5" />
    </g>
  ),
  'multipart/mixed': (
    <g {...strokes}>
      <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14" />
    </g>
  ),
  video: (
    <g {...strokes}>
      <rect x="2.5" y="5" width="14" height="14" rx="2" />
      <path d="M16.5 10l5-3v10l-5-3z" />
    </g>
  ),
  sound: (
    <g {...strokes}>
      <path d="M9 18V6l11-2v12" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </g>
  ),
};

export function isLabelledMediaType(value: string): value is LabelledMediaType {
  return Object.hasOwn(MEDIA_TYPE_LABELS, value);
}

/**
 * An icon for a media type; its accessible name is the seed's label (docs/requirements.md#media: Image, Flipcard, Generative Art,
 * Video, GIF), so a list of icons reads the same as the words. An unknown type shows its raw name.
 */
export function MediaTypeIcon({ mediaType, size = 20, className }: { mediaType: string; size?: number; className?: string }) {
  const known = isLabelledMediaType(mediaType);
  const label = known ? MEDIA_TYPE_LABELS[mediaType] : mediaType;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className ? `media-type-icon ${className}` : 'media-type-icon'}
      focusable="false"
    >
      <title>{label}</title>
      {known ? ICONS[mediaType] : <circle cx="12" cy="12" r="8" {...strokes} />}
    </svg>
  );
}
