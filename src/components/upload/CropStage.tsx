import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { cropImage, type CroppedImage } from './cropImage';
import { useObjectUrl } from './useObjectUrl';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

export interface CropStageProps {
  file: File;
  aspect: number;
  height: string;
  maxOutputWidth?: number;
  onApply(result: CroppedImage): void;
  onCancel(): void;
}

/**
 * The crop area (react-easy-crop: drag or arrow keys move the image, the wheel or the slider zooms) with Cancel and
 * Apply; Apply draws the chosen area into a new image.
 */
export function CropStage({ file, aspect, height, maxOutputWidth, onApply, onCancel }: CropStageProps) {
  const url = useObjectUrl(file);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [applying, setApplying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = async () => {
    if (!url || !area) return;
    setApplying(true);
    setProblem(null);
    try {
      const result = await cropImage(url, area, file.type, maxOutputWidth);
      setApplying(false);
      onApply(result);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'This image could not be cropped.');
      setApplying(false);
    }
  };

  return (
    <div className="crop-stage">
      <div className="crop-stage-area" style={{ height }}>
        {url && (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            disableAutomaticStylesInjection
            mediaProps={{ alt: `Image to crop: ${file.name}`, onError: () => setProblem('This image could not be read.') } as object}
            // A focusable area needs a role for its label (axe aria-prohibited-attr on a bare div).
            cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag, or use the arrow keys, to move the image' } as object}
          />
        )}
      </div>
      <label className="crop-stage-zoom">
        Zoom
        <input type="range" min={MIN_ZOOM} max={MAX_ZOOM} step={0.01} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
      </label>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="crop-stage-actions">
        <button type="button" className="button" onClick={onCancel} disabled={applying}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void apply()} disabled={!area || applying} aria-busy={applying}>
          Apply
        </button>
      </div>
    </div>
  );
}
