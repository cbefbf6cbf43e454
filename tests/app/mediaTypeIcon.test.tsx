import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaTypeIcon } from '../../src/components/media/MediaTypeIcon';

describe('MediaTypeIcon', () => {
  it("default: each studio media type's icon is an image named by the seed's label", () => {
    render(
      <>
        {['image', 'multipart/image', 'multipart/mixed', 'video', 'gif'].map((mediaType) => (
          <MediaTypeIcon key={mediaType} mediaType={mediaType} />
        ))}
      </>,
    );
    expect(screen.getAllByRole('img').map((icon) => icon.getAttribute('aria-label'))).toEqual(['Image', 'Flipcard', 'Generative Art', 'Video', 'GIF']);
    expect(screen.getByRole('img', { name: 'Generative Art' })).toHaveAttribute('width', '20');
  });

  it('parameters: an unknown media type is named by its raw value; size', () => {
    render(<MediaTypeIcon mediaType="model/gltf" size={32} />);
    expect(screen.getByRole('img', { name: 'model/gltf' })).toHaveAttribute('height', '32');
  });
});
