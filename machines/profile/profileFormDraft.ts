// Nothing typed is lost offline: the profile page's General tab keeps what is typed or chosen and not saved (alias, email and a
// cropped avatar not saved yet) as a draft per account ('profile:<address lowercased>'), through the form machine's
// draft (machines/forms/formMachine.ts). A chosen avatar is kept up to DRAFT_FILE_MAX_BYTES; a larger one is not kept:
// the text comes back and the form names the file to choose again.
import { draftFileNotKeptMessage, keptDraftFile } from '../../domain/drafts';
import type { FormDraft } from '../forms/formMachine';

/** The General tab's values (the same shape as the flow's ProfileFormValues). */
export interface ProfileDraftValues extends Record<string, unknown> {
  alias: string;
  email: string;
  avatar: Blob | null;
  avatarChanged: boolean;
}

/** Stored beside the values; a draft of another version is discarded. */
export const PROFILE_DRAFT_VERSION = 1;

export interface ProfileDraftRecord {
  version: number;
  alias: string;
  email: string;
  /** The chosen avatar (a Blob, kept by structured clone) when small enough to keep, else null. */
  avatar: Blob | null;
  /** Set when an avatar was chosen and not kept: its name, for the message. */
  avatarNotKept: string | null;
}

/** The draft key of an account's General tab. */
export const profileDraftKey = (address: string) => `profile:${address.toLowerCase()}`;

const blobName = (blob: Blob) => ('name' in blob && typeof blob.name === 'string' && blob.name ? blob.name : 'avatar');

/** The record a reload brings back. */
export function profileDraftRecord(values: ProfileDraftValues): ProfileDraftRecord {
  const chosen = values.avatarChanged ? values.avatar : null;
  const avatar = keptDraftFile(chosen);
  return { version: PROFILE_DRAFT_VERSION, alias: values.alias, email: values.email, avatar, avatarNotKept: chosen && !avatar ? blobName(chosen) : null };
}

/** The values of a stored record (and the message for an avatar not kept), or null when it is not a draft of this version. */
export function restoredProfileDraft(stored: unknown): { values: Partial<ProfileDraftValues>; notice: string | null } | null {
  const candidate = stored as Partial<ProfileDraftRecord> | null | undefined;
  if (!candidate || candidate.version !== PROFILE_DRAFT_VERSION || typeof candidate.alias !== 'string' || typeof candidate.email !== 'string') return null;
  const avatar = candidate.avatar instanceof Blob ? candidate.avatar : null;
  const values: Partial<ProfileDraftValues> = { alias: candidate.alias, email: candidate.email };
  if (avatar) Object.assign(values, { avatar, avatarChanged: true });
  const notice = !avatar && typeof candidate.avatarNotKept === 'string' ? draftFileNotKeptMessage(candidate.avatarNotKept) : null;
  return { values, notice };
}

/** The General tab's draft for one account. */
export const profileFormDraft = (address: string): FormDraft<ProfileDraftValues> => ({
  key: profileDraftKey(address),
  keep: profileDraftRecord,
  restore: restoredProfileDraft,
});
