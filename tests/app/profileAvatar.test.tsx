import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// The avatar is cropped by the product's one crop editor (react-easy-crop). jsdom draws nothing: cropImage (a canvas
// in the browser) is stubbed and the loaded image gets a natural size and the crop area a box, as a browser gives.
const cropImage = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/upload/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/upload/cropImage')>()),
  cropImage,
}));

const account = { id: '2', address: ALICE.toLowerCase(), alias: 'lumen', email: 'lumen@example.com', avatar: null, isCreator: false, isBanned: false };
let puts: FormData[];

beforeEach(() => {
  puts = [];
  URL.createObjectURL = vi.fn(() => 'blob:avatar');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 850, bottom: 500, width: 850, height: 500, toJSON: () => ({}) });
  cropImage.mockReset();
  cropImage.mockResolvedValue({ image: new Blob(['square'], { type: 'image/png' }), preview: 'data:image/png;base64,c3F1YXJl' });
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.method === 'PUT') puts.push(init.body as FormData);
    return new Response(JSON.stringify(account), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openProfile() {
  const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) });
  await renderApp('/profile', { walletSession: session.machine });
  return screen.findByRole('form', { name: 'General' });
}

/** The editor loads when the file is chosen (its own chunk): its image is awaited. */
async function loadImage() {
  const image = await screen.findByRole('img', { name: 'Image to crop: me.png' });
  Object.defineProperties(image, { naturalWidth: { value: 900 }, naturalHeight: { value: 600 }, offsetWidth: { value: 750 }, offsetHeight: { value: 500 } });
  act(() => {
    fireEvent.load(image);
  });
}

describe('profile avatar', () => {
  it('behavior: the chosen image is cropped square (at most 512 wide), shown, and sent with Save', async () => {
    const user = userEvent.setup();
    const form = await openProfile();
    await user.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array(4)], 'me.png', { type: 'image/png' }));
    const editor = await within(form).findByRole('group', { name: 'Crop the avatar' });
    await loadImage();
    await user.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByRole('img', { name: 'New avatar' })).toHaveAttribute('src', 'data:image/png;base64,c3F1YXJl');
    expect(within(form).queryByRole('group', { name: 'Crop the avatar' })).not.toBeInTheDocument();
    const [, area, type, maxWidth] = cropImage.mock.calls[0]!;
    expect(area.width).toBe(area.height);
    expect(area.width).toBe(600);
    expect([type, maxWidth]).toEqual(['image/png', 512]);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.get('avatarChanged')).toBe('true');
    expect(puts[0]!.get('avatar')).toBeInstanceOf(Blob);
  });

  it('behavior: Cancel closes the editor and keeps the current avatar', async () => {
    const user = userEvent.setup();
    const form = await openProfile();
    await user.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array(4)], 'me.png', { type: 'image/png' }));
    await user.click(within(within(form).getByRole('group', { name: 'Crop the avatar' })).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('group', { name: 'Crop the avatar' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: 'New avatar' })).not.toBeInTheDocument();
    expect(cropImage).not.toHaveBeenCalled();
  });
});
