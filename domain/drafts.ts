// The app says it is offline: text and files typed or chosen survive a reload as drafts. A chosen file is kept with its draft up
// to this size (the largest studio upload, a video: 100 MiB); a larger one is not kept: the text stays, and the form
// says the file must be chosen again.

/** The largest file a draft keeps across a reload (104,857,600 bytes, the video upload maximum). */
export const DRAFT_FILE_MAX_BYTES = 104_857_600;

/** Said beside a form whose draft came back without a file that was too large to keep. */
export const draftFileNotKeptMessage = (name: string) => `"${name}" was too large to keep as a draft (over 100 MB): choose it again.`;

/** The file itself when a draft may keep it, otherwise null. */
export function keptDraftFile<T extends Blob>(file: T | null | undefined): T | null {
  return file && file.size <= DRAFT_FILE_MAX_BYTES ? file : null;
}
