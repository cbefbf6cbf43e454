// Upload quotas (storage quotas), checked when tus names a new upload, in the transaction that records it:
// - a canvas's open token uploads plus its tokens never exceed the files its media type takes (1 for video, gif and
//   flipcard, 1,000 for images);
// - an account has at most `maxOpenUploadsPerAccount` open uploads (4) and their declared sizes together at most
//   `maxOpenUploadBytesPerAccount` (200 MiB).
// Open = not finished and not expired (an expired upload's row waits for the sweep but no longer counts). The canvas
// row and the uploader's account row are locked first, so two creations at once are counted one after the other.
import { lockAccount } from '../accounts/store.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { StorageLimits } from '../security/config.js';
import { findCanvas } from './access.js';
import { tokenCountOf } from './queries/tokens.js';
import { openTokenUploadsOf, openUploadsOf } from './queries/uploads.js';
import { maxTokenFiles, tooManyFilesMessage, type UploadPlan } from './uploadRules.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface UploadQuotaInput {
  canvasId: number;
  uploader: string;
  plan: Pick<UploadPlan, 'kind' | 'size'>;
  limits: Pick<StorageLimits, 'maxOpenUploadsPerAccount' | 'maxOpenUploadBytesPerAccount'>;
  /** Uploads created before this are expired and count no more. */
  openSince: Date;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** Throws a 409 when the new upload would exceed a quota; call inside the transaction that inserts its row. */
export async function assertUploadQuota(tx: Tx, { canvasId, uploader, plan, limits, openSince }: UploadQuotaInput): Promise<void> {
  const canvas = await findCanvas(tx, String(canvasId), true);
  if (!canvas) throw new ApiError(404, 'not_found', 'The collection has been deleted.');
  await lockAccount(tx, uploader);
  const mine = await openUploadsOf(tx, uploader, openSince);
  const openUploads = mine.count;
  if (openUploads >= limits.maxOpenUploadsPerAccount) {
    throw new ApiError(
      409,
      'too_many_uploads',
      `You have ${openUploads} unfinished uploads, the most at a time: finish or cancel one before starting another.`,
    );
  }
  const declared = mine.bytes;
  if (declared + plan.size > limits.maxOpenUploadBytesPerAccount) {
    throw new ApiError(
      409,
      'upload_quota',
      `Your unfinished uploads would come to ${megabytes(declared + plan.size)}, more than the ${megabytes(limits.maxOpenUploadBytesPerAccount)} allowed at a time: finish or cancel one first.`,
    );
  }

  if (plan.kind === 'token') {
    const max = maxTokenFiles(canvas.mediaType);
    const made = await tokenCountOf(tx, canvas.id);
    const pending = await openTokenUploadsOf(tx, canvas.id, openSince);
    const files = made + pending;
    if (files >= max) {
      throw new ApiError(
        409,
        'too_many_files',
        pending > 0 && max === 1
          ? 'This collection takes exactly one file, and an upload of it is already in progress: finish or cancel that one.'
          : tooManyFilesMessage(max),
      );
    }
  }
}
