// The creator studio "a reload … loses nothing": on /studio/create a cover cropped and not saved yet survives a reload (kept as
// a Blob in the studio's IndexedDB record) and is sent with the collection when the artist goes on.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { studioPersistence } from '../../src/services/studio/studioPersistence';
import { studioRecordsStored } from '../../src/services/studio/studioStore';
import { renderApp } from './appHarness';
import { browserStructuredClone } from './studioBrowserClone';
import { creatorSession, scriptedStudio, stubStudioFetch } from './studioFixtures';

// jsdom draws nothing: the cropped pixels are cropImage's (a canvas in the browser).
const cropImage = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/upload/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/upload/cropImage')>()),
  cropImage,
}));

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => {
  stubStudioFetch();
  vi.stubGlobal('structuredClone', browserStructuredClone);
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 850, bottom: 500, width: 850, height: 500, toJSON: () => ({}) });
  cropImage.mockResolvedValue({ image: new Blob(['cropped cover'], { type: 'image/png' }), preview: 'data:image/png;base64,Y3JvcHBlZA==' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The scripted studio with the real reload record (the fixtures' flow keeps none). */
function persistingStudio() {
  const studio = scriptedStudio();
  const flow = studio.flows.studio.provide({ actions: { persistStudio: ({ context }) => studioPersistence.persist(context) } });
  return { ...studio, flows: { studio: flow } };
}

async function openCreate(studio: ReturnType<typeof persistingStudio>) {
  const view = await renderApp('/studio/create', { walletSession: creatorSession() }, studio.flows);
  await screen.findByRole('heading', { level: 1, name: 'Details' }, { timeout: 5000 });
  return view;
}

describe('studio reload on the details step', () => {
  it('behavior: the typed values and the cropped cover survive a reload, and the cover is saved with the collection', async () => {
    const first = persistingStudio();
    const page = await openCreate(first);
    await userEvent.type(screen.getByLabelText('Name'), 'Dawn');
    await userEvent.upload(screen.getByLabelText('Cover image file'), new File([new Uint8Array(3)], 'cover.png', { type: 'image/png' }));
    // The crop area is a chunk of its own (the phone-performance work), loaded once a file is chosen.
    const image = (await screen.findByRole('img', { name: /Image to crop/ }, { timeout: 5000 })) as HTMLImageElement;
    // The phone-performance work: while the crop editor is open Next is disabled and says why; the hint goes once the crop is applied.
    const next = () => within(screen.getByRole('form', { name: 'Collection details' })).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next()).toHaveAccessibleDescription('Apply or cancel the cover crop to continue.'));
    expect(next()).toBeDisabled();
    Object.defineProperties(image, { naturalWidth: { value: 1200 }, naturalHeight: { value: 800 }, offsetWidth: { value: 750 }, offsetHeight: { value: 500 } });
    act(() => {
      fireEvent.load(image);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cropImage).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Apply or cancel the cover crop to continue.')).not.toBeInTheDocument());
    expect(next()).not.toHaveAttribute('aria-describedby');
    await act(() => studioRecordsStored());
    page.unmount();

    const second = persistingStudio();
    await openCreate(second);
    expect(screen.getByLabelText('Name')).toHaveValue('Dawn');
    // The kept cover is shown again (from the restored Blob), not the empty chooser.
    expect(await screen.findByRole('img', { name: 'Cover image: the chosen image' })).toHaveAttribute('src', 'blob:chosen');
    expect(vi.mocked(URL.createObjectURL).mock.calls.some(([blob]) => blob instanceof Blob && blob.size === 'cropped cover'.length)).toBe(true);
    await userEvent.type(screen.getByLabelText('Symbol'), 'DAWN');
    await userEvent.type(screen.getByLabelText('Description'), 'Morning light over the bay');
    await userEvent.selectOptions(screen.getByLabelText('Media type'), 'Image');
    await userEvent.click(within(screen.getByRole('form', { name: 'Collection details' })).getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Upload images' });
    const cover = second.calls.saveDetails[0]?.cover;
    expect(cover).toBeInstanceOf(Blob);
    expect(await cover?.text()).toBe('cropped cover');
  });
});
