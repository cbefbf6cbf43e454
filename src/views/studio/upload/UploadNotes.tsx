// See docs/requirements.md#studio-upload "Note texts show supported formats and the maximum file size" (the size from the config).
import { useSelector } from '@xstate/react';
import { ACCEPTED_EXTENSIONS, IMAGE_UPLOAD_MAX_FILES, type StudioMediaType } from '../../../../domain/studioRules';
import { DEFAULT_UPLOAD_LIMITS } from '../../../../machines/studio/uploadRules';
import { useSystemActor } from '../../../app/appActorContext';
import { formatBytes } from '../format';

const COUNT_NOTES: Record<StudioMediaType, string> = {
  image: `Up to ${IMAGE_UPLOAD_MAX_FILES} images.`,
  gif: 'One gif.',
  'multipart/image': 'Exactly one image: it becomes the flipcard.',
  'multipart/mixed': 'A script (.js) is required; add the images, sounds and videos it loads. File names may contain only letters, digits, dots, spaces, dashes and underscores.',
  video: 'One video.',
};

export function UploadNotes({ screen }: { screen: StudioMediaType }) {
  const config = useSystemActor('config');
  const maxFileSize = useSelector(config, (snapshot) => snapshot.context.config?.maxFileSize ?? DEFAULT_UPLOAD_LIMITS.maxFileSize);
  const maxVideoSize = useSelector(config, (snapshot) => snapshot.context.config?.maxVideoSize ?? DEFAULT_UPLOAD_LIMITS.maxVideoSize);
  const max = screen === 'video' ? maxVideoSize : maxFileSize;
  return (
    <ul className="studio-notes" aria-label="Upload notes">
      <li>Supported formats: {ACCEPTED_EXTENSIONS[screen].map((extension) => extension.toUpperCase()).join(', ')}</li>
      <li>Maximum file size: {formatBytes(max)}</li>
      <li>{COUNT_NOTES[screen]}</li>
    </ul>
  );
}
