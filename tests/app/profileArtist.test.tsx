import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ArtistProfileData } from '../../machines/profile/artistProfilePageMachine';
import { artistProfilePageFlow } from '../../src/services/flows/profile';
import { renderApp } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// The artist profile tab (the artists' pages). The record and choices come from an overridden page flow (no GraphQL here);
// the account and the save go through fetch, so the multipart body the server reads is checked as sent.
const cropImage = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/upload/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/upload/cropImage')>()),
  cropImage,
}));

const creator = { id: '2', address: ALICE.toLowerCase(), alias: 'lumen', email: 'lumen@example.com', avatar: null, isCreator: true, isBanned: false };
const STORED: ArtistProfileData = {
  record: {
    firstName: 'Ada',
    lastName: 'Lumen',
    description: 'Light studies',
    web: 'https://ada.example',
    twitter: 'ada',
    instagram: 'ada.lumen',
    cover: '/ipfs/bafycover',
    about: 'About Ada',
    featuredArtwork: '12',
    featuredArtworkDescription: 'The first light',
    highlights: [{ date: '2024-05-01', achievement: 'Solo show' }],
    portfolio: { context: 'Early works', items: [{ mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumbnail/bafyone', description: 'One' }] },
  },
  artworks: [
    { id: '12', name: 'Dawn' },
    { id: '13', name: 'Dusk' },
  ],
};
const savedNode = {
  account: { firstName: 'Ada', lastName: null, web: null, twitter: null, instagram: null },
  cover: '/ipfs/bafynewcover',
  description: null,
  comments: null,
  featuredArtworkDescription: null,
  featuredTokenId: null,
  highlights: [],
  portfolio: { context: '', items: [{ mediaUrl: '/ipfs/bafynew', thumbnailUrl: '/ipfs/thumb/bafynew', description: 'Fresh' }] },
};

let account: typeof creator;
let saves: Array<{ url: string; method: string; body: FormData }>;
let saveAnswer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  account = creator;
  saves = [];
  saveAnswer = () => json(savedNode, 201);
  URL.createObjectURL = vi.fn(() => 'blob:image');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 850, bottom: 500, width: 850, height: 500, toJSON: () => ({}) });
  cropImage.mockReset();
  cropImage.mockResolvedValue({ image: new Blob(['cover'], { type: 'image/png' }), preview: 'data:image/png;base64,Y292ZXI=' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (String(input).startsWith('/api/v1/artist')) {
      saves.push({ url: String(input), method, body: init.body as FormData });
      return saveAnswer();
    }
    return json(account);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openProfile(data: ArtistProfileData = STORED) {
  const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator: account.isCreator }) });
  const loads: string[] = [];
  const page = artistProfilePageFlow.provide({
    actors: {
      loadArtistProfile: fromPromise(async ({ input }) => {
        loads.push(input.address);
        return data;
      }),
      // These tests start from the record alone; keeping a draft across a reload is profileArtistReload.test.tsx's.
      loadArtistDraft: fromPromise<unknown, { address: string }>(async () => null),
    },
  });
  await renderApp('/profile', { walletSession: session.machine }, { artistProfilePage: page });
  await screen.findByRole('form', { name: 'General' });
  return { loads };
}

async function openArtistTab(data?: ArtistProfileData) {
  // applyAccept off: a file the chooser's filter would hide still reaches the form's own check.
  const user = userEvent.setup({ applyAccept: false });
  const opened = await openProfile(data);
  await user.click(screen.getByRole('tab', { name: 'Artist profile' }));
  const form = await screen.findByRole('form', { name: 'Artist profile' });
  return { ...opened, user, form };
}

// Typing through user-event is slow on a shared machine.
describe('profile: artist profile tab', { timeout: 15_000 }, () => {
  it('a collector sees the General tab only', async () => {
    account = { ...creator, isCreator: false };
    const { loads } = await openProfile();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General']);
    expect(screen.queryByRole('form', { name: 'Artist profile' })).not.toBeInTheDocument();
    expect(loads).toEqual([]);
  });

  it('a creator sees both tabs; the arrow keys move between them (ARIA tabs) and the stored record fills the form', async () => {
    const user = userEvent.setup();
    const { loads } = await openProfile();
    const general = screen.getByRole('tab', { name: 'General' });
    const artist = screen.getByRole('tab', { name: 'Artist profile' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(artist).toHaveAttribute('tabindex', '-1');
    general.focus();
    await user.keyboard('{ArrowRight}');
    expect(artist).toHaveAttribute('aria-selected', 'true');
    expect(artist).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Artist profile' })).toBeVisible();
    const form = await screen.findByRole('form', { name: 'Artist profile' });
    expect(loads).toEqual([ALICE.toLowerCase()]);
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(form).getByLabelText('Website')).toHaveValue('https://ada.example');
    expect(within(form).getByLabelText(/Highlight 1 achievement/)).toHaveValue('Solo show');
    expect(within(form).getByLabelText('Caption of image 1')).toHaveValue('One');
    const portfolioImage = within(form).getByRole('img', { name: 'Portfolio image 1' });
    expect(portfolioImage).toHaveAttribute('src', '/ipfs/thumbnail/bafyone');
    const cover = within(form).getByRole('img', { name: 'Current cover' });
    expect(cover).toHaveAttribute('src', '/ipfs/bafycover');
    // The phone-performance work: the kept images through their derivatives, at the previews' sizes.
    expect([portfolioImage.getAttribute('sizes'), cover.getAttribute('sizes')]).toEqual(['160px', '(max-width: 469px) 100vw, 469px']);
    expect(portfolioImage).toHaveAttribute('srcset', expect.stringContaining('/ipfs/bafyone?w=320 320w'));
    expect(cover).toHaveAttribute('srcset', expect.stringContaining('/ipfs/bafycover?w=960 960w'));
    expect(within(form).getByLabelText('Artwork')).toHaveValue('12');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Dawn', 'Dusk']);
    await user.keyboard('{ArrowLeft}');
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(general).toHaveFocus();
  });

  it("validation: the seed's messages on submit and as typed; max lengths truncate; nothing is sent while invalid", async () => {
    const { user, form } = await openArtistTab({ record: null, artworks: [] });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Required Field')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText(/^First name/), 'A'.repeat(40));
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('A'.repeat(30));
    await user.type(within(form).getByLabelText(/^Last name/), 'Lumen1');
    expect(within(form).getByText('Only letters are allowed')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Website'), 'not a url');
    expect(within(form).getByText('Enter a valid URL')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('X handle'), 'ada#art');
    await user.type(within(form).getByLabelText('Instagram handle'), 'ada&co');
    expect(within(form).getAllByText('Special Character # and & not allowed')).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Add highlight' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Required Field')).toHaveLength(2);
    within(form).getByLabelText('Portfolio context').focus();
    await user.paste('x'.repeat(600));
    expect(within(form).getByLabelText('Portfolio context')).toHaveValue('x'.repeat(500));
    expect(saves).toEqual([]);
  });

  it('highlights: up to 7 rows; Add is disabled at 7 and enabled again after a Remove', async () => {
    const { user, form } = await openArtistTab({ record: null, artworks: [] });
    const add = within(form).getByRole('button', { name: 'Add highlight' });
    for (let row = 0; row < 7; row += 1) await user.click(add);
    expect(within(form).getAllByLabelText(/^Highlight \d achievement/)).toHaveLength(7);
    expect(add).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove highlight 3' }));
    expect(within(form).getAllByLabelText(/^Highlight \d achievement/)).toHaveLength(6);
    expect(add).toBeEnabled();
  });

  it('portfolio: up to 9 PNG/JPEG/WebP images; other files are refused; Add is disabled at 9', async () => {
    const { user, form } = await openArtistTab({ record: null, artworks: [] });
    const input = within(form).getByLabelText('Portfolio image files');
    await user.upload(input, new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Portfolio images must be PNG, JPEG or WebP');
    const images = Array.from({ length: 10 }, (_image, index) => new File([new Uint8Array(8)], `image${index}.png`, { type: 'image/png' }));
    await user.upload(input, images);
    expect(within(form).getAllByRole('img', { name: /^Portfolio image \d$/ })).toHaveLength(9);
    expect(within(form).getByRole('alert')).toHaveTextContent('At most 9 portfolio images');
    expect(within(form).getByRole('button', { name: 'Add portfolio images' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remove image 1' }));
    expect(within(form).getByRole('button', { name: 'Add portfolio images' })).toBeEnabled();
  });

  it("a failed save shows the server's message and keeps everything typed", async () => {
    saveAnswer = () => json({ error: 'not_a_creator', message: 'Only accepted artists (creators) have an artist profile.' }, 403);
    const { user, form } = await openArtistTab();
    await user.clear(within(form).getByLabelText(/^First name/));
    await user.type(within(form).getByLabelText(/^First name/), 'Grace');
    await user.type(within(form).getByLabelText('Caption of image 1'), ' more');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only accepted artists (creators) have an artist profile.', { selector: '.notification-text' })).toBeInTheDocument();
    expect(saves.map(({ method, url }) => `${method} ${url}`)).toEqual([`PUT /api/v1/artist/${ALICE.toLowerCase()}`]);
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Grace');
    expect(within(form).getByLabelText('Caption of image 1')).toHaveValue('One more');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("a first save POSTs the multipart form (names, cover crop at 939/480, highlight, portfolio image); 'Profile saved'; the next save is a PUT", async () => {
    const { user, form } = await openArtistTab({ record: null, artworks: [{ id: '12', name: 'Dawn' }] });
    await user.type(within(form).getByLabelText(/^First name/), 'Ada');
    await user.click(within(form).getByRole('button', { name: 'Add highlight' }));
    fireEvent.change(within(form).getByLabelText(/Highlight 1 date/), { target: { value: '2024-05-01' } });
    await user.type(within(form).getByLabelText(/Highlight 1 achievement/), 'Solo show');
    await user.upload(within(form).getByLabelText('Portfolio image files'), new File([new Uint8Array(8)], 'one.png', { type: 'image/png' }));
    await user.type(within(form).getByLabelText('Caption of image 1'), 'Fresh');
    await user.selectOptions(within(form).getByLabelText('Artwork'), '12');

    await user.upload(within(form).getByLabelText('Cover image file'), new File([new Uint8Array(8)], 'cover.png', { type: 'image/png' }));
    const editor = await within(form).findByRole('group', { name: 'Crop the cover' });
    const image = await within(editor).findByRole('img', { name: 'Image to crop: cover.png' });
    Object.defineProperties(image, { naturalWidth: { value: 1878 }, naturalHeight: { value: 960 }, offsetWidth: { value: 850 }, offsetHeight: { value: 434 } });
    act(() => {
      fireEvent.load(image);
    });
    await user.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByRole('img', { name: 'New cover' })).toBeInTheDocument();
    const [, area] = cropImage.mock.calls[0]!;
    expect((area as { width: number }).width / (area as { height: number }).height).toBeCloseTo(939 / 480, 1);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved', { selector: '.notification-text' })).toBeInTheDocument();
    const [post] = saves;
    expect(`${post!.method} ${post!.url}`).toBe('POST /api/v1/artist');
    expect(post!.body.get('firstName')).toBe('Ada');
    expect(post!.body.get('featuredArtwork')).toBe('12');
    expect(JSON.parse(post!.body.get('highlights') as string)).toEqual([{ date: '2024-05-01', achievement: 'Solo show' }]);
    expect(JSON.parse(post!.body.get('portfolio') as string)).toEqual({ context: '', items: [{ description: 'Fresh', file: 0 }] });
    expect((post!.body.getAll('portfolioImages') as File[]).map((file) => file.name)).toEqual(['one.png']);
    expect(post!.body.get('cover')).toBeInstanceOf(Blob);

    // The saved record is the form now: the new image is kept by its stored URL, the next save updates.
    await waitFor(() => expect(within(form).getByRole('img', { name: 'Current cover' })).toHaveAttribute('src', '/ipfs/bafynewcover'));
    saveAnswer = () => json(savedNode);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(`${saves[1]!.method} ${saves[1]!.url}`).toBe(`PUT /api/v1/artist/${ALICE.toLowerCase()}`);
    expect(JSON.parse(saves[1]!.body.get('portfolio') as string)).toEqual({ context: '', items: [{ description: 'Fresh', mediaUrl: '/ipfs/bafynew' }] });
    expect(saves[1]!.body.get('cover')).toBeNull();
  });
});
