import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, soundToken } from './mediaFixtures';

// The marketplace gaps review (item 7): sound tokens (docs/requirements.md#media) show the collection's cover; only the token page plays them.
const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });

beforeAll(async () => {
  await Promise.all([import('../../src/components/media/SoundViewer'), import('../../src/components/media/FullscreenViewer')]);
});

describe('sound viewer', () => {
  it('cards show the cover with a labelled sound marker and no audio element', async () => {
    const { container } = render(<TokenMedia token={soundToken} variant="card" />);
    await settle();
    expect(container.querySelector('[data-media-type="sound"] .sound')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bell Garden' })).toHaveAttribute('src', `/ipfs/thumbnail/${CID.soundCover}`);
    expect(screen.getByRole('img', { name: 'Sound' })).toBeInTheDocument();
    expect(container.querySelector('audio')).toBeNull();
  });

  it('the token page lays labelled audio controls over the cover, loading only the metadata, never autoplaying', async () => {
    const { container } = render(<TokenMedia token={soundToken} variant="detail" />);
    await settle();
    const figure = screen.getByRole('figure', { name: /Bell Garden/ });
    const cover = within(figure).getByRole('img', { name: 'Bell Garden' });
    expect(cover).toHaveAttribute('src', `/ipfs/thumbnail/${CID.soundCover}`);
    expect(cover).not.toHaveAttribute('loading', 'lazy');
    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', `/ipfs/${CID.sound}`);
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio).toHaveAttribute('aria-label', 'Listen to Bell Garden');
    expect(audio).not.toHaveAttribute('autoplay');
    expect(figure).toContainElement(audio);
  });

  it('the fullscreen viewer plays it too', async () => {
    const user = userEvent.setup();
    render(<TokenMedia token={soundToken} variant="detail" />);
    await user.click(await screen.findByRole('button', { name: 'View Bell Garden fullscreen' }));
    const dialog = screen.getByRole('dialog', { name: 'Bell Garden (fullscreen)' });
    await settle();
    expect(within(dialog).getByRole('button', { name: 'Close fullscreen' })).toHaveFocus();
    const audio = dialog.querySelector('audio')!;
    expect(audio).toHaveAttribute('aria-label', 'Listen to Bell Garden');
    expect(audio).toHaveAttribute('src', `/ipfs/${CID.sound}`);
    // (The focus loop through the audio controls needs a browser: jsdom cannot focus media; tests/e2e/sound.spec.ts.)
  });

  it('without a media URL shows the cover alone', async () => {
    const { container } = render(<TokenMedia token={{ ...soundToken, mediaUrl: null }} variant="detail" />);
    await settle();
    expect(screen.getAllByRole('img', { name: 'Bell Garden' }).length).toBeGreaterThan(0);
    expect(container.querySelector('audio')).toBeNull();
  });
});
