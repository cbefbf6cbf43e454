// Default thumbnails made in the browser (docs/requirements.md#studio-upload, "Video screen"): the gif's first frame drawn on a
// canvas, a video frame, and a generative token's frame as its sandboxed page drew it — each saved as a png.
import { ServiceError } from '../errors';

export class CaptureError extends ServiceError {
  override name = 'CaptureError';
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new CaptureError('The thumbnail could not be drawn.'))), 'image/png');
  });
}

/** Draws a picture source onto a canvas of its own size and saves it as a png. */
export function drawToPng(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  if (!width || !height) return Promise.reject(new CaptureError('The media has no size to draw.'));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new CaptureError('This browser cannot draw thumbnails.'));
  context.drawImage(source, 0, 0, width, height);
  return canvasToPng(canvas);
}

function abortable<T>(signal: AbortSignal | undefined, run: (done: (value: T) => void, fail: (error: unknown) => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Stopped.', 'AbortError'));
    let cleanup = () => {};
    const onAbort = () => {
      cleanup();
      reject(new DOMException('Stopped.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    cleanup = run(
      (value) => {
        signal?.removeEventListener('abort', onAbort);
        cleanup();
        resolve(value);
      },
      (error) => {
        signal?.removeEventListener('abort', onAbort);
        cleanup();
        reject(error);
      },
    );
  });
}

/** The gif's first frame (an <img> shows a gif's first frame until it animates; drawn at once on load) as a png. */
export function gifFirstFrame(source: Blob | string, signal?: AbortSignal): Promise<Blob> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  return abortable<Blob>(signal, (done, fail) => {
    const image = new Image();
    image.decoding = 'sync';
    image.onload = () => drawToPng(image, image.naturalWidth, image.naturalHeight).then(done, fail);
    image.onerror = () => fail(new CaptureError('The gif could not be read.'));
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
      if (typeof source !== 'string') URL.revokeObjectURL(url);
    };
  });
}

/** A video's frame at `time` seconds (the first frame by default), captured through a <video> seek, as a png. */
export function videoFrame(source: Blob | string, time = 0, signal?: AbortSignal): Promise<Blob> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  return abortable<Blob>(signal, (done, fail) => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    const onSeeked = () => drawToPng(video, video.videoWidth, video.videoHeight).then(done, fail);
    const onLoaded = () => {
      // A seek to the exact start may not fire 'seeked' in every browser: ask for a frame just after it.
      video.currentTime = Math.min(Math.max(time, 0.001), Number.isFinite(video.duration) ? video.duration : time);
    };
    const onError = () => fail(new CaptureError('The video could not be read.'));
    video.addEventListener('loadeddata', onLoaded, { once: true });
    video.addEventListener('seeked', onSeeked, { once: true });
    video.addEventListener('error', onError, { once: true });
    video.src = url;
    return () => {
      video.removeEventListener('loadeddata', onLoaded);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
      if (typeof source !== 'string') URL.revokeObjectURL(url);
    };
  });
}

/** A `data:image/png;base64,…` URL as a Blob (decoded here: the app's policy need not allow fetching data: URLs). */
export function dataUrlToBlob(url: string): Blob | null {
  const match = /^data:(image\/png);base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!match) return null;
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: match[1] });
}

/**
 * The generative frame's canvas as the sandboxed page drew it (server/sandbox/generative.js answers a
 * `capture` message with its canvas as a png data URL): the same frame, seed and size the token page shows.
 */
export function generativeFrame(frame: Window, signal?: AbortSignal, timeoutMs = 10_000): Promise<Blob> {
  return abortable<Blob>(signal, (done, fail) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame) return;
      const data = event.data as { source?: unknown; type?: unknown; detail?: unknown } | null;
      if (data?.source !== 'artbazaar-sandbox') return;
      if (data.type === 'captured' && typeof data.detail === 'string') {
        const png = dataUrlToBlob(data.detail);
        if (png) done(png);
        else fail(new CaptureError('The artwork frame could not be saved.'));
      } else if (data.type === 'capture-failed') fail(new CaptureError('The artwork frame could not be saved.'));
    };
    const timer = setTimeout(() => fail(new CaptureError('The artwork did not draw in time.')), timeoutMs);
    window.addEventListener('message', onMessage);
    // The frame's origin is opaque: '*' is the only target it can be addressed with.
    frame.postMessage({ source: 'artbazaar-studio', type: 'capture' }, '*');
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  });
}
