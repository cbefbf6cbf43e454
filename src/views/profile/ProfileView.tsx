import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { profilePageFlow } from '../../services/flows/profile';
import { ProfileForm } from './ProfileForm';

/**
 * Seed 000 §2 Profile / settings: a general tab (alias, email, avatar). The artist profile tab is for creators
 * and arrives with its form in a later issue; until then every account sees General only.
 */
export function ProfileView() {
  useDocumentTitle('Profile');
  const walletModal = useSystemActor('walletModal');
  const page = useFlow(profilePageFlow);
  const signedOut = useSelector(page, (snapshot) => snapshot.matches('signedOut') || snapshot.matches('checking'));
  const loading = useSelector(page, (snapshot) => snapshot.hasTag('loading'));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const account = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.account : null));

  if (signedOut) {
    return (
      <section className="profile-page">
        <h1>Profile</h1>
        <p>Connect your wallet to edit your profile.</p>
        <button type="button" className="button button-primary" onClick={() => walletModal.send({ type: 'walletModal.open' })}>
          Connect wallet
        </button>
      </section>
    );
  }

  return (
    <section className="profile-page" aria-labelledby="profile-heading">
      <h1 id="profile-heading">Profile</h1>
      <div role="tablist" aria-label="Profile sections" className="tab-list">
        <button type="button" role="tab" id="profile-tab-general" aria-selected="true" aria-controls="profile-panel-general" className="tab tab-active">
          General
        </button>
      </div>
      <div role="tabpanel" id="profile-panel-general" aria-labelledby="profile-tab-general" className="tab-panel">
        {loading && <p role="status">Loading ...</p>}
        {error && <p role="alert">{error}</p>}
        {account && <ProfileForm key={account.address} account={account} />}
      </div>
    </section>
  );
}
