import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GIF_HOVER_CHECK_MS } from '../../machines/media/constants';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, gifToken, imageToken, videoToken } from './mediaFixtures';

// The viewers are React.lazy chunks: wait for the chunk to resolve and render.
const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });

beforeAll(async () => {
  // Transform the chunks once, so each React.lazy resolves within a tick.
  await Promise.all([
    import('../../src/components/media/ImageViewer'),
    import('../../src/components/media/GifViewer'),
    import('../../src/components/media/VideoViewer'),
    import('../../src/components/media/FullscreenViewer'),
  ]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenMedia entry', () => {
  it('shows the sized, lazy, async-decoded thumbnail at once, before any viewer chunk has loaded', () => {
    const { container } = render(<TokenMedia token={gifToken} variant="card" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', `/ipfs/thumbnail/${CID.gifPoster}`);
    expect(img).toHaveAttribute('alt', 'Pulse');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('falls back to the thumbnail for a media type without a viewer, and to a placeholder without any image', async () => {
    const { container, rerender } = render(<TokenMedia token={{ ...imageToken, mediaType: 'model/gltf' }} variant="card" />);
    await settle();
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.image}`);
    rerender(<TokenMedia token={{ _id: '9', name: 'Nothing', mediaType: 'model/gltf' }} variant="card" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.media-placeholder')).toBeInTheDocument();
  });
});

describe('image viewer', () => {
  it('shows the thumbnail on cards and the full image, eagerly, on the detail page', async () => {
    const { container, rerender } = render(<TokenMedia token={imageToken} variant="card" />);
    await settle();
    expect(container.querySelector('.media-layer, .media-full')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.image}`);
    rerender(<TokenMedia token={imageToken} variant="detail" />);
    await settle();
    const full = screen.getByRole('img', { name: 'Quiet Field' });
    expect(full).toHaveAttribute('src', `/ipfs/${CID.image}`);
    expect(full).not.toHaveAttribute('loading', 'lazy');
    expect(full).toHaveAttribute('width', '400');
  });

  it('the token page\'s largest paint loads eagerly with a high fetch priority: an image\'s artwork, a gif\'s still frame', async () => {
    const { unmount } = render(<TokenMedia token={imageToken} variant="detail" />);
    await settle();
    expect(document.querySelector('img.media-full')).toHaveAttribute('loading', 'eager');
    expect(document.querySelector('img.media-full')).toHaveAttribute('fetchpriority', 'high');
    unmount();
    render(<TokenMedia token={gifToken} variant="detail" />);
    await settle();
    const still = document.querySelector('img.media-thumbnail')!;
    expect(still).toHaveAttribute('src', `/ipfs/thumbnail/${CID.gifPoster}`);
    expect(still).toHaveAttribute('loading', 'eager');
    expect(still).toHaveAttribute('fetchpriority', 'high');
    expect(document.querySelector('img.media-full')).toHaveAttribute('loading', 'eager');
  });
});

describe('gif viewer', () => {
  it('animates a card only once a hover is seen at a 200 ms check, and stops at the check after the pointer leaves', async () => {
    vi.useFakeTimers();
    const { container } = render(
      <article>
        <TokenMedia token={gifToken} variant="card" />
      </article>,
    );
    await act(async () => { await vi.runOnlyPendingTimersAsync(); });
    const card = container.querySelector('article')!;
    const src = () => container.querySelector('img')!.getAttribute('src');
    expect(src()).toBe(`/ipfs/thumbnail/${CID.gifPoster}`);

    fireEvent.pointerEnter(card);
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS - 1));
    expect(src()).toBe(`/ipfs/thumbnail/${CID.gifPoster}`);
    act(() => vi.advanceTimersByTime(1));
    expect(src()).toBe(`/ipfs/${CID.gif}`);
    expect(container.querySelector('[data-animating="true"]')).toBeInTheDocument();

    fireEvent.pointerLeave(card);
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS));
    expect(src()).toBe(`/ipfs/thumbnail/${CID.gifPoster}`);
  });

  it('a pointer passing over faster than one check does not start the animation', async () => {
    vi.useFakeTimers();
    const { container } = render(<article><TokenMedia token={gifToken} variant="card" /></article>);
    await act(async () => { await vi.runOnlyPendingTimersAsync(); });
    const card = container.querySelector('article')!;
    act(() => vi.advanceTimersByTime(50));
    fireEvent.pointerEnter(card);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerLeave(card);
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS * 3));
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.gifPoster}`);
  });

  it('animates while keyboard focus is inside the card', async () => {
    vi.useFakeTimers();
    const { container } = render(<article><a href="#t">Pulse</a><TokenMedia token={gifToken} variant="card" /></article>);
    await act(async () => { await vi.runOnlyPendingTimersAsync(); });
    act(() => container.querySelector('a')!.focus());
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS));
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/${CID.gif}`);
  });

  it('animates on the detail page without hovering, over its still frame, shown once loaded', async () => {
    const { container } = render(<TokenMedia token={gifToken} variant="detail" />);
    await settle();
    const animation = screen.getByRole('img', { name: 'Pulse' });
    expect(animation).toHaveAttribute('src', `/ipfs/${CID.gif}`);
    expect(animation).not.toHaveClass('is-loaded');
    // The still under it is hidden from assistive tech: one image named Pulse.
    expect(container.querySelector('img.media-thumbnail')).toHaveAttribute('aria-hidden', 'true');
    fireEvent.load(animation);
    expect(animation).toHaveClass('is-loaded');
  });
});

describe('video viewer', () => {
  it('cards show the poster and play muted, looping, inline only while hovered', async () => {
    vi.useFakeTimers();
    const { container } = render(<article><TokenMedia token={videoToken} variant="card" /></article>);
    await act(async () => { await vi.runOnlyPendingTimersAsync(); });
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.poster}`);
    fireEvent.pointerEnter(container.querySelector('article')!);
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS));
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', `/ipfs/${CID.video}`);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('autoplay');
    expect(video).not.toHaveAttribute('controls');
    fireEvent.pointerLeave(container.querySelector('article')!);
    act(() => vi.advanceTimersByTime(GIF_HOVER_CHECK_MS));
    expect(container.querySelector('video')).toBeNull();
  });

  it('the detail page has controls and the poster, and does not autoplay', async () => {
    const { container } = render(<TokenMedia token={videoToken} variant="detail" />);
    await settle();
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', `/ipfs/thumbnail/${CID.poster}`);
    expect(video).toHaveAttribute('aria-label', 'Tide');
    expect(video).not.toHaveAttribute('autoplay');
  });
});
