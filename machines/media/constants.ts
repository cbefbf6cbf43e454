// Media viewer constants (seed 000 §2, §9 and issue 5).

/** Issue 5: in grids at most 3 generative works render live at once; the others show their thumbnail. */
export const LIVE_RENDER_LIMIT = 3;

/** Seed 000 §9 "Gif hover check every 200 ms". */
export const GIF_HOVER_CHECK_MS = 200;

/** Seed 000 §2: the generative frame follows its container's size 500 ms after resizing stops. */
export const GENERATIVE_RESIZE_DEBOUNCE_MS = 500;
