// Developers' guide: "a user never loses typed or uploaded work to a reload". The artist profile form's unsaved
// draft (names, a highlight, a portfolio caption and picked image, the cropped cover) is kept per signed-in address in
// IndexedDB (fake-indexeddb here); a reload (a new app over the same store) starts the form from it and says so;
// 'Discard changes' restores the saved record; a successful save forgets the draft; another address's is never shown.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ArtistProfileData } from '../../machines/profile/artistProfilePageMachine';
import { valuesFromRecord } from '../../machines/profile/artistProfileForm';
import { artistDraftsStored, readArtistDraft, storeArtistDraft } from '../../src/services/artists/profileDraft';
import { artistProfilePageFlow } from '../../src/services/flows/profile';
import { renderApp } from './appHarness';
import { browserStructuredClone } from './studioBrowserClone';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const cropImage = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/upload/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/upload/cropImage')>()),
  cropImage,
}));

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const creator = { id: '2', address: ALICE.toLowerCase(), alias: 'lumen', email: 'lumen@example.com', avatar: null, isCreator: true, isBanned: false };
const STORED: ArtistProfileData = {
  record: {
    firstName: 'Ada',
    lastName: 'Lumen',
    description: 'Light studies',
    web: '',
    twitter: '',
    instagram: '',
    cover: '/ipfs/bafycover',
    about: 'About Ada',
    featuredArtwork: '',
    featuredArtworkDescription: '',
    highlights: [],
    portfolio: { context: '', items: [{ mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumb/bafyone', description: 'One' }] },
  },
  artworks: [],
};
const savedNode = {
  account: { firstName: 'Grace', lastName: 'Lumen', web: null, twitter: null, instagram: null },
  cover: '/ipfs/bafynewcover',
  description: 'Light studies',
  comments: 'About Ada',
  featuredArtworkDescription: null,
  featuredTokenId: null,
  highlights: [{ date: '2024-05-01', achievement: 'Solo show' }],
  portfolio: { context: '', items: [{ mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumb/bafyone', description: 'One' }] },
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let saves: string[];

vi.setConfig({ testTimeout: 30_000 });
beforeEach(async () => {
  saves = [];
  // IndexedDB keeps a Blob as a Blob (jsdom's Blob is not one Node's structuredClone knows).
  vi.stubGlobal('structuredClone', browserStructuredClone);
  URL.createObjectURL = vi.fn(() => 'blob:image');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 850, bottom: 500, width: 850, height: 500, toJSON: () => ({}) });
  cropImage.mockReset();
  cropImage.mockResolvedValue({ image: new Blob(['cropped cover'], { type: 'image/png' }), preview: 'data:image/png;base64,Y3JvcHBlZA==' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input).startsWith('/api/v1/artist')) {
      saves.push(`${init.method ?? 'GET'} ${String(input)}`);
      return json(savedNode);
    }
    return json(creator);
  });
  storeArtistDraft(ALICE, null);
  storeArtistDraft(OTHER, null);
  await artistDraftsStored();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page load: a new app (actor system, router, flows) over the same IndexedDB; the record from the server. */
async function openArtistTab() {
  const user = userEvent.setup({ applyAccept: false });
  const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator: true }) });
  const page = artistProfilePageFlow.provide({ actors: { loadArtistProfile: fromPromise(async () => STORED) } });
  const view = await renderApp('/profile', { walletSession: session.machine }, { artistProfilePage: page });
  await user.click(await screen.findByRole('tab', { name: 'Artist profile' }));
  const form = await screen.findByRole('form', { name: 'Artist profile' });
  return { user, form, view };
}

async function typeWork({ user, form }: Awaited<ReturnType<typeof openArtistTab>>) {
  await user.clear(within(form).getByLabelText(/^First name/));
  await user.type(within(form).getByLabelText(/^First name/), 'Grace');
  await user.click(within(form).getByRole('button', { name: 'Add highlight' }));
  fireEvent.change(within(form).getByLabelText(/Highlight 1 date/), { target: { value: '2024-05-01' } });
  await user.type(within(form).getByLabelText(/Highlight 1 achievement/), 'Solo show');
  await user.upload(within(form).getByLabelText('Portfolio image files'), new File([new Uint8Array(8)], 'two.png', { type: 'image/png' }));
  await user.type(within(form).getByLabelText('Caption of image 2'), 'Second');
  await user.upload(within(form).getByLabelText('Cover image file'), new File([new Uint8Array(8)], 'cover.png', { type: 'image/png' }));
  const editor = await within(form).findByRole('group', { name: 'Crop the cover' });
  const image = await within(editor).findByRole('img', { name: 'Image to crop: cover.png' });
  Object.defineProperties(image, { naturalWidth: { value: 1878 }, naturalHeight: { value: 960 }, offsetWidth: { value: 850 }, offsetHeight: { value: 434 } });
  act(() => {
    fireEvent.load(image);
  });
  await user.click(within(editor).getByRole('button', { name: 'Apply' }));
  expect(await within(form).findByRole('img', { name: 'New cover' })).toBeInTheDocument();
  await act(() => artistDraftsStored());
}

/** The Blobs handed to createObjectURL since the mock was reset, by their text. */
async function shownBlobTexts(): Promise<string[]> {
  const blobs = vi.mocked(URL.createObjectURL).mock.calls.map(([blob]) => blob).filter((blob): blob is Blob => blob instanceof Blob);
  return Promise.all(blobs.map(async (blob) => (blob.type === 'image/png' && blob.size === 8 ? 'picked image' : blob.text())));
}

describe('artist profile: unsaved work survives a reload', () => {
  it('typed names, a highlight, a caption, the picked image and the cropped cover come back; Discard changes restores the record', async () => {
    const first = await openArtistTab();
    expect(within(first.form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
    await typeWork(first);
    first.view.unmount();
    vi.mocked(URL.createObjectURL).mockClear();

    const { user, form } = await openArtistTab();
    expect(within(form).getByRole('status')).toHaveTextContent('Your unsaved changes from your last visit are restored. Save to keep them.');
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Grace');
    expect(within(form).getByLabelText(/^Last name/)).toHaveValue('Lumen');
    expect(within(form).getByLabelText(/Highlight 1 date/)).toHaveValue('2024-05-01');
    expect(within(form).getByLabelText(/Highlight 1 achievement/)).toHaveValue('Solo show');
    expect(within(form).getByLabelText('Caption of image 1')).toHaveValue('One');
    expect(within(form).getByLabelText('Caption of image 2')).toHaveValue('Second');
    expect(within(form).getByRole('img', { name: 'Portfolio image 1' })).toHaveAttribute('src', '/ipfs/thumb/bafyone');
    expect(within(form).getByRole('img', { name: 'Portfolio image 2' })).toHaveAttribute('src', 'blob:image');
    expect(within(form).getByRole('img', { name: 'New cover' })).toHaveAttribute('src', 'blob:image');
    // Shown from the Blobs read back from IndexedDB: the cropped cover and the picked file.
    expect((await shownBlobTexts()).sort()).toEqual(['cropped cover', 'picked image']);

    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(form).queryByLabelText(/Highlight 1 achievement/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Caption of image 2')).not.toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Current cover' })).toHaveAttribute('src', '/ipfs/bafycover');
    expect(within(form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
    await act(() => artistDraftsStored());
    expect(await readArtistDraft(ALICE)).toBeNull();
  });

  it('a successful save forgets the draft: the next load starts from the record, without the notice', async () => {
    const first = await openArtistTab();
    await typeWork(first);
    first.view.unmount();

    const second = await openArtistTab();
    await second.user.click(within(second.form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved', { selector: '.notification-text' })).toBeInTheDocument();
    expect(saves).toEqual([`PUT /api/v1/artist/${ALICE.toLowerCase()}`]);
    await waitFor(() => expect(within(second.form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument());
    await act(() => artistDraftsStored());
    expect(await readArtistDraft(ALICE)).toBeNull();
    second.view.unmount();

    const third = await openArtistTab();
    expect(within(third.form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(third.form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it("another address's draft is never shown", async () => {
    storeArtistDraft(OTHER, { ...valuesFromRecord(STORED.record), firstName: 'Mallory' });
    await artistDraftsStored();
    const { form } = await openArtistTab();
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });
});
