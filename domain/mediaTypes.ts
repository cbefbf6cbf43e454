// The media types and their labels (docs/requirements.md#media) as plain constants: the lists, media viewers and icons that name a
// media type read them without the studio's rules (domain/studioRules.ts re-exports them), so a sound token's page
// or explore's filters do not load the studio's form rules (the first-load budget).

/** See docs/requirements.md#media "Media types" (sound is the marketplace's only; the studio does not build it). */
export const STUDIO_MEDIA_TYPES = [
  "image",
  "gif",
  "multipart/image",
  "multipart/mixed",
  "video",
] as const;
export type StudioMediaType = (typeof STUDIO_MEDIA_TYPES)[number];

/** See docs/requirements.md#media "Media-type labels: Image, Flipcard, Generative Art, Video, GIF". */
export const MEDIA_TYPE_LABELS: Record<StudioMediaType | "sound", string> = {
  image: "Image",
  "multipart/image": "Flipcard",
  "multipart/mixed": "Generative Art",
  video: "Video",
  gif: "GIF",
  sound: "Sound",
};
