import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fieldError, type FormFields } from '../../../machines/forms/formMachine';
import { ALIAS_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../../domain/profile';
import { fileName, profileFormFields } from '../../../machines/forms/validators';
import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';
import { useSystemActor } from '../../app/appActorContext';
import { AccountAvatar } from '../../components/wallet/AccountAvatar';
import { useFlow } from '../../app/flows';
import { profileFormFlow, type ProfileFormValues } from '../../services/flows/profile';
import { LazyCropUploadEditor } from '../../components/upload/LazyCropUploadEditor';
import { TextField } from '../../components/forms/Field';
import { GateReason, useNetworkGate } from '../../components/offline/networkGate';
import { profileFormDraft } from '../../../machines/profile/profileFormDraft';

export { PROFILE_SAVED_MESSAGE } from '../../services/flows/profile';
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** The stored avatar is at most 512 pixels wide (it is shown at 96). */
const AVATAR_SIZE = 512;

function formFields(account: WalletAccount): FormFields<ProfileFormValues> {
  return {
    ...profileFormFields({ alias: account.alias ?? '', email: account.email ?? '' }),
    avatar: { value: null },
    avatarChanged: { value: false },
  };
}

/** General tab: alias and email required (email valid), avatar cropped square; Save waits for valid fields. */
export function ProfileForm({ account }: { account: WalletAccount }) {
  const config = useSystemActor('config');
  const maxFileSize = useSelector(config, (snapshot) => snapshot.context.config?.maxFileSize ?? 10_485_760);
  // Typed and chosen values survive a reload as this account's draft until saved (nothing typed is lost offline).
  const form = useFlow(profileFormFlow, { input: { fields: formFields(account), draft: profileFormDraft(account.address) } });
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const touched = useSelector(form, (snapshot) => snapshot.context.touched);
  const aliasError = useSelector(form, (snapshot) => fieldError(snapshot.context, 'alias'));
  const emailError = useSelector(form, (snapshot) => fieldError(snapshot.context, 'email'));
  const submitError = useSelector(form, (snapshot) => snapshot.context.submitError);
  const canSave = useSelector(form, (snapshot) => snapshot.can({ type: 'form.submit' }));
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const gate = useNetworkGate('network');
  const saved = useSelector(form, (snapshot) => snapshot.matches('succeeded') ? (snapshot.context.result as WalletAccount | null) : null);

  const [editing, setEditing] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const draftNotice = useSelector(form, (snapshot) => snapshot.context.draftNotice);
  // A restored draft's avatar (a Blob from IndexedDB) is previewed as the cropped one was.
  const draftAvatar = values.avatarChanged && !preview ? values.avatar : null;
  const [draftPreview, setDraftPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!draftAvatar) return setDraftPreview(null);
    const url = URL.createObjectURL(draftAvatar);
    setDraftPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [draftAvatar]);
  const shownPreview = preview ?? draftPreview;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem =
      fileName(file.name, {}) ??
      (!AVATAR_TYPES.includes(file.type) ? 'Choose a PNG, JPEG, WebP or GIF image.' : null) ??
      (file.size > maxFileSize ? `The image is larger than ${Math.round(maxFileSize / 1_048_576)} MB.` : null);
    setFileProblem(problem);
    if (!problem) setEditing(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };

  const shownAccount = saved ?? account;
  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="General">
      <div className="profile-avatar">
        {shownPreview ? <img className="account-avatar" src={shownPreview} alt="New avatar" width={96} height={96} /> : <AccountAvatar account={shownAccount} size={96} />}
        <div className="profile-avatar-actions">
          {/* The button opens it; out of the tab order, labelled for whoever reaches it (axe: label). */}
          <input
            ref={fileInput}
            id="profile-avatar-file"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Avatar image file"
            onChange={onFile}
          />
          <button type="button" className="button" onClick={() => fileInput.current?.click()}>
            Upload avatar
          </button>
          {fileProblem && (
            <p className="field-error" role="alert">
              {fileProblem}
            </p>
          )}
          {draftNotice && <p className="field-error">{draftNotice}</p>}
        </div>
      </div>
      {editing && (
        <LazyCropUploadEditor
          label="Crop the avatar"
          file={editing}
          maxOutputWidth={AVATAR_SIZE}
          onCancel={() => setEditing(null)}
          onChange={(avatar, dataUrl) => {
            setEditing(null);
            if (!avatar) return;
            setPreview(dataUrl);
            form.send({ type: 'field.change', name: 'avatar', value: avatar });
            form.send({ type: 'field.change', name: 'avatarChanged', value: true });
          }}
        />
      )}

      <TextField
        id="profile-alias"
        label="Alias"
        value={values.alias}
        maxLength={ALIAS_MAX_LENGTH}
        error={touched.alias ? aliasError : null}
        onChange={(value) => form.send({ type: 'field.change', name: 'alias', value })}
      />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        value={values.email}
        maxLength={EMAIL_MAX_LENGTH}
        error={touched.email ? emailError : null}
        onChange={(value) => form.send({ type: 'field.change', name: 'email', value })}
      />
      {submitError && (
        <p className="field-error" role="alert">
          {submitError}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!canSave || busy || gate.blocked} aria-busy={busy} aria-describedby={gate.describedBy}>
        Save
      </button>
      <GateReason gate={gate} />
    </form>
  );
}
