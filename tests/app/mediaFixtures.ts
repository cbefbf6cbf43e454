// Media tokens shaped as the demo seed stores them (scripts/seed/media.ts), for the viewer tests.
import type { MediaToken } from '../../src/components/media/MediaThumbnail';

export const CID = {
  image: 'bafkreiimage0000000000000000000000000000000000000000000000000',
  gif: 'bafkreigif00000000000000000000000000000000000000000000000000',
  gifPoster: 'bafkreigifposter000000000000000000000000000000000000000000000',
  front: 'bafkreifront0000000000000000000000000000000000000000000000000',
  back: 'bafkreiback00000000000000000000000000000000000000000000000000',
  sketch: 'bafkreisketch000000000000000000000000000000000000000000000000',
  preview: 'bafkreipreview00000000000000000000000000000000000000000000000',
  video: 'bafkreivideo0000000000000000000000000000000000000000000000000',
  poster: 'bafkreiposter000000000000000000000000000000000000000000000000',
  sound: 'bafkreisound0000000000000000000000000000000000000000000000000',
  soundCover: 'bafkreisoundcover000000000000000000000000000000000000000000000',
};

const media = (cid: string) => `/ipfs/${cid}`;
const thumb = (cid: string) => `/ipfs/thumbnail/${cid}`;

export const imageToken: MediaToken = { _id: '1', name: 'Quiet Field', mediaType: 'image', mediaUrl: media(CID.image), thumbnailUrl: thumb(CID.image) };
export const gifToken: MediaToken = { _id: '2', name: 'Pulse', mediaType: 'gif', mediaUrl: media(CID.gif), thumbnailUrl: thumb(CID.gifPoster) };
export const flipToken: MediaToken = {
  _id: '3',
  name: 'Two Sides',
  mediaType: 'multipart/image',
  mediaUrl: media(CID.front),
  thumbnailUrl: thumb(CID.front),
  attributes: { front: CID.front, back: CID.back },
  collection: { attributes: { rows: 2, columns: 2 } },
};
export const generativeToken = (id = '4', seed = 7926919): MediaToken => ({
  _id: id,
  name: `Constellation #${id}`,
  mediaType: 'multipart/mixed',
  mediaUrl: media(CID.sketch),
  thumbnailUrl: thumb(CID.preview),
  attributes: { tokenSeed: seed, seed },
  collection: {
    attributes: {
      files: [{ name: 'sketch.js', cid: CID.sketch, contentType: 'text/javascript' }],
      index: { entry: 'sketch.js', seedVariableName: 'tokenSeed' },
      jsLibrary: 'p5',
    },
  },
});
export const videoToken: MediaToken = { _id: '5', name: 'Tide', mediaType: 'video', mediaUrl: media(CID.video), thumbnailUrl: thumb(CID.poster) };
/** A sound token: the seed stores the collection's cover as its thumbnail. */
export const soundToken: MediaToken = { _id: '6', name: 'Bell Garden', mediaType: 'sound', mediaUrl: media(CID.sound), thumbnailUrl: thumb(CID.soundCover) };
