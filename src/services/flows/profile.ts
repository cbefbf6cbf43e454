// The profile page's flows: the own account loaded for the registered login (profilePageMachine) and the General
// form's save (the form machine), the artist tab's record and choices (artistProfilePageMachine) and its save
// (artistProfileMachine), each provided once with its service; the artist form's unsaved draft is kept per address in
// IndexedDB (profileDraft) and read back by the page before the form starts.
import { fromPromise } from 'xstate';
import { createFormMachine, type FormRequest } from '../../../machines/forms/formMachine';
import type { ProfileValues } from '../../../machines/forms/validators';
import { artistProfileMachine, PROFILE_SAVED_MESSAGE, type SaveArtistProfileRequest } from '../../../machines/profile/artistProfileMachine';
import { artistProfilePageMachine } from '../../../machines/profile/artistProfilePageMachine';
import type { ArtistRecord } from '../../../machines/profile/artistProfileForm';
import { profilePageMachine } from '../../../machines/profile/profilePageMachine';
import { loginOf, notifyThroughSystem } from '../../../machines/system/systemActors';
import { systemActor } from '../../../machines/system/systemRegistry';
import { registeredLogin } from '../../../machines/wallet/sessionSelectors';
import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';
import { loadArtistProfile, saveArtistProfile } from '../artists/profile';
import { readArtistDraft, storeArtistDraft } from '../artists/profileDraft';
import { fetchOwnAccount, saveProfile } from '../wallet/profile';
import { readFormDraft, storeFormDraft } from '../formDrafts';
import { errorMessage } from '../../../machines/system/errorMessage';

export { PROFILE_SAVED_MESSAGE };

export interface ProfileFormValues extends ProfileValues {
  avatar: Blob | null;
  avatarChanged: boolean;
}

export const profilePageFlow = profilePageMachine.provide({
  actors: { fetchOwnAccount: fromPromise(({ input, signal }) => fetchOwnAccount(input, signal)) },
});

export const profileFormFlow = createFormMachine<ProfileFormValues>().provide({
  // The General tab's draft (machines/profile/profileFormDraft.ts) in the shared form-drafts store.
  actions: {
    persistDraft: (_, params) => {
      if (params) storeFormDraft(params.key, params.record);
    },
  },
  actors: {
    loadDraft: fromPromise<unknown, string>(({ input }) => readFormDraft(input)),
    submitForm: fromPromise<unknown, FormRequest<ProfileFormValues>>(async ({ input, system }): Promise<WalletAccount> => {
      const session = systemActor(system, 'walletSession');
      const credentials = session ? registeredLogin(session.getSnapshot()) : null;
      try {
        if (!credentials) throw new Error('Sign in with your wallet first.');
        const saved = await saveProfile(credentials, input.values);
        // The session shows the saved account in the header now and stores it with the login (storeApiKey).
        session?.send({ type: 'wallet.accountUpdated', account: saved });
        notifyThroughSystem(system, 'success', PROFILE_SAVED_MESSAGE);
        return saved;
      } catch (error) {
        // See docs/requirements.md#account-profile: a profile save failure shows the error's message.
        notifyThroughSystem(system, 'error', errorMessage(error));
        throw error;
      }
    }),
  },
});

export const artistProfilePageFlow = artistProfilePageMachine.provide({
  actors: {
    loadArtistProfile: fromPromise(({ input, signal }) => loadArtistProfile(input.address, signal)),
    loadArtistDraft: fromPromise(({ input }) => readArtistDraft(input.address)),
  },
});

export const artistProfileFormFlow = artistProfileMachine.provide({
  actors: {
    saveArtistProfile: fromPromise<ArtistRecord, SaveArtistProfileRequest>(async ({ input, system, signal }) => {
      const credentials = loginOf(system);
      if (!credentials) throw new Error('Sign in with your wallet first.');
      return saveArtistProfile(credentials, input, signal);
    }),
  },
  actions: { persistDraft: (_args, params) => storeArtistDraft(params.address, params.values) },
});
