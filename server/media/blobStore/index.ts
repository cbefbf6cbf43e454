// Which blob store the server uses: the S3 bucket when BLOB_S3_BUCKET is set, else <DATA_DIR>/blobs.
import { join } from 'node:path';
import type { BlobSettings } from '../../config.js';
import { createFsBlobStore } from './fs.js';
import { createS3BlobStore } from './s3.js';
import type { BlobStore } from './types.js';

export type { BlobStore, ByteRange } from './types.js';
export { BlobTooLargeError, readAll } from './types.js';
export { createFsBlobStore } from './fs.js';
export { createS3BlobStore } from './s3.js';

export function openBlobStore(dataDir: string, settings: BlobSettings): BlobStore {
  return settings.s3 ? createS3BlobStore(settings.s3) : createFsBlobStore(join(dataDir, 'blobs'));
}
