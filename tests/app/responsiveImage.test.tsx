// Responsive media images (the phone-performance work (item 2)): /ipfs/ images carry their derivatives in srcset with the layout's sizes;
// the token page's image too, the original only in fullscreen; gifs and other URLs are shown as they are.
import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import ImageViewer from '../../src/components/media/ImageViewer';
import { derivativeUrl, IMAGE_SIZES, responsiveImage } from '../../domain/responsiveImage';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, gifToken, imageToken } from './mediaFixtures';

const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
const srcset = (cid: string) => `/ipfs/${cid}?w=320 320w, /ipfs/${cid}?w=640 640w, /ipfs/${cid}?w=960 960w, /ipfs/${cid}?w=1440 1440w, /ipfs/${cid}?w=2048 2048w`;

beforeAll(async () => {
  await import('../../src/components/media/ImageViewer');
});

describe('responsive media images', () => {
  it('an /ipfs/ media or thumbnail URL gets every derivative width; other URLs none', () => {
    expect(responsiveImage('/ipfs/bafkreiart', IMAGE_SIZES.card)).toEqual({ src: '/ipfs/bafkreiart', srcSet: srcset('bafkreiart'), sizes: IMAGE_SIZES.card });
    expect(responsiveImage('/ipfs/thumbnail/bafkreiart', IMAGE_SIZES.banner)).toEqual({ src: '/ipfs/thumbnail/bafkreiart', srcSet: srcset('bafkreiart'), sizes: IMAGE_SIZES.banner });
    expect(derivativeUrl('https://app.test/ipfs/bafkreiart', 960)).toBe('https://app.test/ipfs/bafkreiart?w=960');
    for (const url of ['data:image/png;base64,AAAA', 'blob:https://app.test/1', '/ipfs/bafkreiart/1.json', '/ipfs/bafkreiart?w=640', '/api/v1/x', '']) {
      expect(responsiveImage(url, IMAGE_SIZES.card)).toEqual({ src: url });
    }
  });

  it('the token page shows a derivative sized for the page; the card its grid size; fullscreen the original', async () => {
    const { container, rerender } = render(<TokenMedia token={imageToken} variant="detail" />);
    await settle();
    const detail = container.querySelector('img.media-full')!;
    expect(detail.getAttribute('srcset')).toBe(srcset(CID.image));
    expect(detail.getAttribute('sizes')).toBe('(min-width: 56rem) min(44rem, 58vw), 100vw');
    expect([detail.getAttribute('width'), detail.getAttribute('height')]).toEqual(['400', '400']);

    rerender(<TokenMedia token={imageToken} variant="card" />);
    await settle();
    const card = container.querySelector('img.media-thumbnail')!;
    expect(card.getAttribute('srcset')).toBe(srcset(CID.image));
    expect(card.getAttribute('sizes')).toBe('(max-width: 30rem) 50vw, (max-width: 40rem) 100vw, 20rem');

    const full = render(<ImageViewer token={imageToken} variant="fullscreen" />).container.querySelector('img')!;
    expect(full.getAttribute('src')).toBe(`/ipfs/${CID.image}`);
    expect(full.hasAttribute('srcset')).toBe(false);
  });

  it("a gif's card keeps its still thumbnail (its derivatives would be the animated original)", () => {
    const img = render(<TokenMedia token={gifToken} variant="card" />).container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/ipfs/thumbnail/${CID.gifPoster}`);
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
