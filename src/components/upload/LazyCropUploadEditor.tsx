import { Suspense } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import type { CropUploadEditorProps } from './CropUploadEditor';

const Editor = retryableLazy<CropUploadEditorProps>(() => import('./CropUploadEditor').then(({ CropUploadEditor }) => ({ default: CropUploadEditor })));

/**
 * The crop editor, loaded when a file is chosen: pages that only may edit (a collection page, the dashboard, the
 * profile) keep its ~9 KB out of their first load (the phone-performance work). The worker precaches its chunk, so it opens offline.
 */
export function LazyCropUploadEditor(props: CropUploadEditorProps) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}
