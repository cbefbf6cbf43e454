import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { flipcardSpec } from '../../src/components/media/mediaSpec';
import { derivativeFor, detailSlotWidth } from '../../domain/responsiveImage';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, flipToken } from './mediaFixtures';

beforeAll(async () => {
  await import('../../src/components/media/FlipcardViewer');
});

describe('flipcardSpec', () => {
  it('reads front/back from the token and rows × columns from the collection', () => {
    expect(flipcardSpec(flipToken)).toEqual({
      rows: 2,
      columns: 2,
      front: { media: `/ipfs/${CID.front}`, thumbnail: `/ipfs/thumbnail/${CID.front}` },
      back: { media: `/ipfs/${CID.back}`, thumbnail: `/ipfs/thumbnail/${CID.back}` },
    });
  });

  it('defaults to one card without grid attributes and refuses a token without a back face', () => {
    expect(flipcardSpec({ ...flipToken, collection: null })).toMatchObject({ rows: 1, columns: 1 });
    expect(flipcardSpec({ ...flipToken, collection: { attributes: { rows: 0, columns: 99 } } })).toMatchObject({ rows: 1, columns: 1 });
    expect(flipcardSpec({ ...flipToken, attributes: { front: CID.front } })).toBeNull();
  });

  it('a studio flipcard: one image, the grid under display; its cards flip to the same image', () => {
    const display = { layout: 'interactive grid', action: 'click', transition: 'flip', rows: 1, columns: 2 };
    expect(flipcardSpec({ ...flipToken, attributes: null, collection: { attributes: { display } } })).toEqual({
      rows: 1,
      columns: 2,
      front: { media: `/ipfs/${CID.front}`, thumbnail: `/ipfs/thumbnail/${CID.front}` },
      back: { media: `/ipfs/${CID.front}`, thumbnail: `/ipfs/thumbnail/${CID.front}` },
    });
  });
});

describe('the faces\' derivatives', () => {
  it('the narrowest derivative at least the slot\'s device pixels wide, else the widest; the detail slot as its sizes says', () => {
    expect(derivativeFor('/ipfs/bafkreiface', 665)).toBe('/ipfs/bafkreiface?w=960');
    expect(derivativeFor('/ipfs/thumbnail/bafkreiface', 640)).toBe('/ipfs/bafkreiface?w=640');
    expect(derivativeFor('/ipfs/bafkreiface', 5000)).toBe('/ipfs/bafkreiface?w=2048');
    expect(derivativeFor('blob:http://x/1', 300)).toBeNull();
    // IMAGE_SIZES.detail: '(min-width: 56rem) min(44rem, 58vw), 100vw'.
    expect(detailSlotWidth(390)).toBe(390);
    expect(detailSlotWidth(895)).toBe(895);
    expect(detailSlotWidth(1000)).toBeCloseTo(580);
    expect(detailSlotWidth(1440)).toBe(704);
  });

  it('fullscreen shows the originals', async () => {
    const { default: FlipcardViewer } = await import('../../src/components/media/FlipcardViewer');
    const { container } = render(<FlipcardViewer token={flipToken} variant="fullscreen" />);
    await screen.findByRole('group');
    expect(container.querySelector<HTMLElement>('.flip-front')!.style.backgroundImage).toBe(`url("/ipfs/${CID.front}")`);
  });
});

describe('flipcard viewer', () => {
  it('detail: a labelled group of rows × columns buttons, each flipping on click, Enter and Space', async () => {
    const user = userEvent.setup();
    render(<TokenMedia token={flipToken} variant="detail" />);
    const group = await screen.findByRole('group', { name: 'Two Sides: 2 × 2 cards, each flips' });
    const cards = within(group).getAllByRole('button');
    expect(cards).toHaveLength(4);
    expect(cards[3]).toHaveAccessibleName('Flip card 4 of 4 (row 2, column 2)');
    cards.forEach((card) => expect(card).toHaveAttribute('aria-pressed', 'false'));

    await user.click(cards[0]!);
    expect(cards[0]).toHaveAttribute('aria-pressed', 'true');
    expect(cards[0]).toHaveClass('is-flipped');
    expect(cards[1]).toHaveAttribute('aria-pressed', 'false');

    cards[1]!.focus();
    await user.keyboard('{Enter}');
    expect(cards[1]).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(cards[1]).toHaveAttribute('aria-pressed', 'false');
    await user.click(cards[0]!);
    expect(cards[0]).toHaveAttribute('aria-pressed', 'false');
  });

  it('detail: each card shows its own slice of the front and the back', async () => {
    const { container } = render(<TokenMedia token={flipToken} variant="detail" />);
    await screen.findByRole('group');
    const fronts = Array.from(container.querySelectorAll<HTMLElement>('.flip-front'));
    const backs = Array.from(container.querySelectorAll<HTMLElement>('.flip-back'));
    expect(fronts.map((face) => face.style.backgroundPosition)).toEqual(['0% 0%', '100% 0%', '0% 100%', '100% 100%']);
    // The page's detail slot on jsdom's 1024 px screen at 1x is 0.58 × 1024 ≈ 594 px: the 640 px derivative.
    expect(window.innerWidth).toBe(1024);
    expect(fronts[0]!.style.backgroundImage).toContain(`/ipfs/${CID.front}?w=640`);
    expect(backs[3]!.style.backgroundImage).toContain(`/ipfs/${CID.back}?w=640`);
    expect(fronts[0]!.style.backgroundSize).toBe('200% 200%');
  });

  it('detail: Flip all turns every card and back', async () => {
    const user = userEvent.setup();
    render(<TokenMedia token={flipToken} variant="detail" />);
    await user.click(await screen.findByRole('button', { name: 'Flip all' }));
    within(screen.getByRole('group')).getAllByRole('button').forEach((card) => expect(card).toHaveAttribute('aria-pressed', 'true'));
    await user.click(screen.getByRole('button', { name: 'Show front' }));
    within(screen.getByRole('group')).getAllByRole('button').forEach((card) => expect(card).toHaveAttribute('aria-pressed', 'false'));
  });

  it('card: no buttons inside the card (its link covers it), just the front thumbnail', async () => {
    const { container } = render(<article><TokenMedia token={flipToken} variant="card" /></article>);
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
    expect(container.querySelector('.flipcard')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(container.querySelector('img')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.front}`);
  });

  it('falls back to the thumbnail when the faces are unknown', async () => {
    const { container } = render(<TokenMedia token={{ ...flipToken, attributes: null }} variant="detail" />);
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
    expect(screen.queryByRole('group')).toBeNull();
    expect(container.querySelector('img.media-thumbnail')).toHaveAttribute('src', `/ipfs/thumbnail/${CID.front}`);
  });
});
