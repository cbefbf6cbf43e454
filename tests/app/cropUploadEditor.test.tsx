import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CropUploadEditor } from '../../src/components/upload/CropUploadEditor';

// jsdom draws nothing and has no layout: the pixels are cropImage's (a canvas in the browser), stubbed here, and the
// image loaded into the crop area is given a natural size and the area a box, as a browser would.
const cropImage = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/upload/cropImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/upload/cropImage')>()),
  cropImage,
}));

const png = (name = 'cover.png', type = 'image/png', size = 3) => new File([new Uint8Array(size)], name, { type });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 850, bottom: 500, width: 850, height: 500, toJSON: () => ({}) });
  cropImage.mockReset();
  cropImage.mockResolvedValue({ image: new Blob(['cropped'], { type: 'image/png' }), preview: 'data:image/png;base64,Y3JvcHBlZA==' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The browser finished loading the chosen image (1200×800) into the crop area (a chunk of its own: awaited). */
async function loadChosenImage() {
  const image = (await screen.findByRole('img', { name: /Image to crop/ })) as HTMLImageElement;
  Object.defineProperties(image, {
    naturalWidth: { value: 1200 },
    naturalHeight: { value: 800 },
    offsetWidth: { value: 750 },
    offsetHeight: { value: 500 },
  });
  act(() => {
    fireEvent.load(image);
  });
}

const fileInput = () => screen.getByLabelText('Cover image file') as HTMLInputElement;

describe('CropUploadEditor', () => {
  it('behavior: choose a file → editing with the crop area and zoom → Apply gives the cropped image and ends editing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onEditingChange = vi.fn();
    render(<CropUploadEditor label="Cover image" onChange={onChange} onEditingChange={onEditingChange} />);
    expect(screen.getByRole('group', { name: 'Cover image' })).toHaveTextContent('One JPG, JPEG, PNG file.');
    expect(fileInput()).toHaveAttribute('accept', '.jpg,.jpeg,.png,image/jpeg,image/png');

    await user.upload(fileInput(), png());
    expect(onEditingChange).toHaveBeenLastCalledWith(true, expect.any(File));
    expect(await screen.findByRole('img', { name: 'Image to crop: cover.png' })).toHaveAttribute('src', 'blob:chosen');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await loadChosenImage();
    expect(screen.getByLabelText('Crop area: drag, or use the arrow keys, to move the image')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [image, preview] = onChange.mock.calls[0]!;
    expect(image).toBeInstanceOf(Blob);
    expect(preview).toBe('data:image/png;base64,Y3JvcHBlZA==');
    // The square (aspect 1) area of the original's pixels at zoom 2, from react-easy-crop.
    const [url, area, type] = cropImage.mock.calls[0]!;
    expect([url, type]).toEqual(['blob:chosen', 'image/png']);
    expect(area.width).toBe(area.height);
    expect(area.width).toBe(400);
    expect(onEditingChange).toHaveBeenLastCalledWith(false, null);
    expect(screen.getByRole('img', { name: 'Cover image: the chosen image' })).toHaveAttribute('src', preview);
    expect(screen.getByRole('button', { name: 'Change image' })).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chosen');
  });

  it('behavior: Cancel keeps the previous image and ends editing; Remove clears it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onEditingChange = vi.fn();
    render(<CropUploadEditor label="Cover image" value="/ipfs/bafkreicover" onChange={onChange} onEditingChange={onEditingChange} />);
    expect(screen.getByRole('img', { name: 'Cover image: the chosen image' })).toHaveAttribute('src', '/ipfs/bafkreicover');
    await user.upload(fileInput(), png('photo.jpg', 'image/jpeg'));
    expect(onEditingChange).toHaveBeenLastCalledWith(true, expect.any(File));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onEditingChange).toHaveBeenLastCalledWith(false, null);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Cover image: the chosen image' })).toHaveAttribute('src', '/ipfs/bafkreicover');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null, null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeInTheDocument();
  });

  it('validation: a refused type, file name or size says why and opens no editor', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onEditingChange = vi.fn();
    render(<CropUploadEditor label="Cover image" maxFileSize={10} onChange={vi.fn()} onEditingChange={onEditingChange} />);
    await user.upload(fileInput(), png('anim.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not supported. Choose a JPG, JPEG or PNG image.');
    await user.upload(fileInput(), png('fake.png', 'text/html'));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not supported. Choose a JPG, JPEG or PNG image.');
    await user.upload(fileInput(), png('me&you.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('File Upload Failed. Remove special characters from filename');
    await user.upload(fileInput(), png('big.png', 'image/png', 11));
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 0 MB.');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(onEditingChange).not.toHaveBeenCalled();
    await user.upload(fileInput(), png());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onEditingChange).toHaveBeenLastCalledWith(true, expect.any(File));
  });

  it('parameters: aspect, accept and height shape the editor', async () => {
    const user = userEvent.setup();
    render(<CropUploadEditor label="Cover image" aspect={939 / 480} accept={['png']} height="40rem" onChange={vi.fn()} />);
    expect(fileInput()).toHaveAttribute('accept', '.png,image/png');
    await user.upload(fileInput(), png());
    expect(document.querySelector('.crop-stage-area')).toHaveStyle({ height: '40rem' });
    await loadChosenImage();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cropImage).toHaveBeenCalled());
    const area = cropImage.mock.calls[0]![1];
    expect(area.width / area.height).toBeCloseTo(939 / 480, 1);
  });

  it("parameters: an owner's file is cropped without a chooser; Cancel reports to the owner", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onChange = vi.fn();
    render(<CropUploadEditor label="Crop the avatar" file={png('me.png')} maxOutputWidth={512} onChange={onChange} onCancel={onCancel} />);
    expect(screen.queryByRole('button', { name: 'Choose image' })).not.toBeInTheDocument();
    await loadChosenImage();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(cropImage.mock.calls[0]![3]).toBe(512);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('behavior: an image the browser cannot crop shows the reason and stays in the editor', async () => {
    const user = userEvent.setup();
    cropImage.mockRejectedValueOnce(new Error('This image could not be read.'));
    const onChange = vi.fn();
    render(<CropUploadEditor label="Cover image" onChange={onChange} />);
    await user.upload(fileInput(), png());
    await loadChosenImage();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This image could not be read.');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });
});
