// Media viewer constants (docs/requirements.md#media and marketplace browsing).

/** Marketplace browsing: in grids at most 3 generative works render live at once; the others show their thumbnail. */
export const LIVE_RENDER_LIMIT = 3;

/** See docs/requirements.md#media "Gif hover check every 200 ms". */
export const GIF_HOVER_CHECK_MS = 200;

/** See docs/requirements.md#media: the generative frame follows its container's size 500 ms after resizing stops. */
export const GENERATIVE_RESIZE_DEBOUNCE_MS = 500;
