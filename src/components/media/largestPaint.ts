// After the page's largest paint (the phone-performance work): a generative card's sandbox frame (p5, ~284 KB, then the sketch's own
// work) waits until the page has loaded, the images fetched with a high priority (the first screen's, the largest
// paint's candidates: TokenMedia's eager cards, an exhibition's first slide or cover) are in, and the main thread
// has had an idle moment, so the frame competes with neither the largest image's download nor its paint.

/** The longest a frame waits for the page (an image that never answers does not keep it from running). */
export const LARGEST_PAINT_WAIT_MS = 5000;
/** The longest the idle moment after the images is waited for. */
const IDLE_TIMEOUT_MS = 500;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const imageDone = (image: HTMLImageElement) =>
  new Promise<void>((resolve) => {
    if (image.complete) return resolve();
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });

/** Resolves once the page's largest paint is behind it (see above), at the latest after LARGEST_PAINT_WAIT_MS. */
export function afterLargestPaint(): Promise<void> {
  const settled = loaded()
    .then(() => Promise.all(Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'), imageDone)))
    .then(idle);
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, LARGEST_PAINT_WAIT_MS))]);
}
