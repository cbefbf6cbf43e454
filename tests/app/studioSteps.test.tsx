// The studio's upload (per-file progress in bytes and percent, notes), thumbnail choice and token edit cards, through
// /studio/edit/$containerId with scripted services.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { creatorSession, scriptedStudio, studioCanvas, studioToken, stubStudioFetch } from './studioFixtures';

// Whole pages through the router on a shared, slow machine.
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => stubStudioFetch());
afterEach(() => vi.unstubAllGlobals());

/** /studio/edit/c1 with no tokens: preview → Edit tokens → the empty list goes to the upload. */
async function openUpload(studio: ReturnType<typeof scriptedStudio>, title: string) {
  await renderApp('/studio/edit/c1', { walletSession: creatorSession() }, studio.flows);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit tokens' }, { timeout: 5000 }));
  await screen.findByRole('heading', { level: 1, name: title });
  // The step's view is its own chunk (the phone-performance work): the step shows once its loading status (same render as the title) is gone.
  await waitFor(() => expect(screen.queryByText('Loading …')).not.toBeInTheDocument());
}

const png = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('studio upload', () => {
  it('default: notes give the formats and the config maximum; each file has a progress bar with bytes and percent', async () => {
    const studio = scriptedStudio();
    await openUpload(studio, 'Upload images');
    const notes = screen.getByRole('list', { name: 'Upload notes' });
    expect(notes).toHaveTextContent('Supported formats: JPG, JPEG, PNG');
    expect(notes).toHaveTextContent('Maximum file size: 10.0 MB');

    // The phone-performance work: the picker says what was chosen (the native input, cleared for the next choice, would say 'No file chosen').
    const picker = screen.getByLabelText('Choose images');
    expect(picker).toHaveAccessibleDescription('No files chosen yet or drop files here');
    await userEvent.upload(picker, [png('one.png', 2_000_000), png('two.png', 1000)]);
    const list = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(picker).toHaveAccessibleDescription('2 files chosen or drop files here');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(studio.uploads).toHaveLength(1));
    expect(studio.uploads[0]!.input).toMatchObject({ canvasId: 'c1', context: 'media', category: 'token', file: { name: 'one.png', size: 2_000_000 } });

    const [first] = studio.uploads;
    act(() => first!.sendBack({ type: 'upload.progress', key: first!.input.file.key, bytesUploaded: 1_048_576 }));
    const bar = screen.getByRole('progressbar', { name: 'one.png upload progress' });
    expect(bar).toHaveAttribute('value', '1048576');
    expect(bar).toHaveAttribute('max', '2000000');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('1.0 MB of 1.9 MB (52%)');

    act(() => first!.sendBack({ type: 'upload.fileDone', key: first!.input.file.key, tokenId: '1' }));
    await waitFor(() => expect(studio.uploads).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('1.9 MB of 1.9 MB (100%)');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Uploaded');
  });

  it('behavior: a refused file name shows the seed message and is not queued', async () => {
    await openUpload(scriptedStudio(), 'Upload images');
    await userEvent.upload(screen.getByLabelText('Choose images'), [png('bad$name.png', 10)]);
    expect(screen.getAllByText('File Upload Failed. Remove special characters from filename').length).toBeGreaterThan(0);
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();
  });

  it('behavior: a failed upload says so and can be started again', async () => {
    const studio = scriptedStudio();
    await openUpload(studio, 'Upload images');
    await userEvent.upload(screen.getByLabelText('Choose images'), [png('one.png', 100)]);
    expect(screen.getByText('one.png chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(studio.uploads).toHaveLength(1));
    act(() => studio.uploads[0]!.sendBack({ type: 'upload.failed', key: studio.uploads[0]!.input.file.key }));
    expect((await screen.findAllByText('File Upload Failed. Please try again!')).length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Files to upload' })).toHaveTextContent('Failed');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(studio.uploads).toHaveLength(2));
  });
});

describe('studio thumbnail choice', () => {
  async function openGifThumbnail(studio: ReturnType<typeof scriptedStudio>) {
    await openUpload(studio, 'Upload gif');
    expect(screen.getByRole('list', { name: 'Upload notes' })).toHaveTextContent('Supported formats: GIF');
    await userEvent.upload(screen.getByLabelText('Choose a gif'), [new File([new Uint8Array(50)], 'loop.gif', { type: 'image/gif' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(studio.uploads).toHaveLength(1));
    act(() => studio.uploads[0]!.sendBack({ type: 'upload.fileDone', key: studio.uploads[0]!.input.file.key, tokenId: '1' }));
    await screen.findByRole('heading', { level: 1, name: 'Thumbnail' });
    await screen.findByRole('tab', { name: 'Default thumbnail' });
  }

  it('default: the default thumbnail is the gif drawn on a canvas; Next captures it and links it to the token', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ mediaType: 'gif' }) });
    await openGifThumbnail(studio);
    expect(screen.getByRole('tab', { name: 'Default thumbnail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('img', { name: 'Token 1, first frame' }).tagName).toBe('CANVAS');
    studio.setTokens([studioToken('1', { mediaType: 'gif' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Token details' });
    expect(studio.calls.capture).toHaveLength(1);
    expect(studio.calls.uploadThumbnail).toEqual([{ canvasId: 'c1', tokenId: '1', image: expect.any(Blob), filename: 'thumbnail.png' }]);
  });

  it('behavior: the custom thumbnail needs an image: Next is disabled until one is chosen, its editor 40rem tall', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ mediaType: 'gif' }) });
    await openGifThumbnail(studio);
    await userEvent.click(screen.getByRole('tab', { name: 'Custom thumbnail' }));
    expect(screen.getByRole('tab', { name: 'Custom thumbnail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('tabpanel')).toBeInTheDocument();
    // Arrow keys move between the tabs.
    screen.getByRole('tab', { name: 'Custom thumbnail' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Default thumbnail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Default thumbnail' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('studio token edit card', () => {
  const twoTokens = () => [studioToken('1', { name: 'Sunrise' }), studioToken('2', { name: 'Dusk', description: 'Evening light' })];

  it('default: each card shows its image, name and the description box checked when the token has one', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ tokenCount: 2 }), tokens: twoTokens() });
    await openUpload(studio, 'Token details');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: 'Sunrise' })).toHaveAttribute('src', '/ipfs/bafy1?thumbnail=1');
    expect(within(cards[0]!).getByLabelText('Token name')).toHaveValue('Sunrise');
    expect(within(cards[0]!).getByLabelText('add description')).not.toBeChecked();
    expect(within(cards[0]!).queryByLabelText('Description')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByLabelText('add description')).toBeChecked();
    expect(within(cards[1]!).getByLabelText('Description')).toHaveValue('Evening light');
    expect(within(cards[1]!).getByLabelText('Description')).toHaveAttribute('rows', '3');
    expect(within(cards[0]!).getByText('Required, up to 50 characters.')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("default: a card's image is shown through its derivatives, at the card's size", async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ tokenCount: 1 }), tokens: [studioToken('1', { name: 'Sunrise', thumbnailUrl: '/ipfs/thumbnail/bafkreisun' })] });
    await openUpload(studio, 'Token details');
    const image = within(screen.getByRole('article')).getByRole('img', { name: 'Sunrise' });
    expect(image).toHaveAttribute('srcset', expect.stringContaining('/ipfs/bafkreisun?w=320 320w'));
    expect(image).toHaveAttribute('sizes', '(max-width: 640px) 100vw, 10rem');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '160']);
  });

  it('behavior: Save is enabled by a changed name and sends it; an invalid description keeps it disabled', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ tokenCount: 2 }), tokens: twoTokens() });
    await openUpload(studio, 'Token details');
    const card = screen.getAllByRole('article')[0]!;
    await userEvent.click(within(card).getByLabelText('add description'));
    await userEvent.type(within(card).getByLabelText('Description'), 'Bad <script>');
    expect(await within(card).findByText('Invalid input. Please use only alphanumeric characters and basic punctuation.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(card).getByLabelText('add description'));
    await userEvent.clear(within(card).getByLabelText('Token name'));
    await userEvent.type(within(card).getByLabelText('Token name'), 'First light');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(studio.calls.saveToken).toEqual([{ canvasId: 'c1', tokenId: '1', name: 'First light', description: '' }]));
    expect(await screen.findByText('Token updated')).toBeInTheDocument();
  });

  it('behavior: Delete removes the token and says so; the list reloads', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ tokenCount: 2 }), tokens: twoTokens() });
    await openUpload(studio, 'Token details');
    await userEvent.click(within(screen.getAllByRole('article')[1]!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dusk has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(studio.calls.cardDeleted).toEqual([{ canvasId: 'c1', tokenId: '2' }]);
  });
});
