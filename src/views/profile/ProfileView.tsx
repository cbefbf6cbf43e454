import { useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ProfileTab } from '../../../machines/profile/profilePageMachine';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { profilePageFlow } from '../../services/flows/profile';
import { ArtistProfileTab } from './ArtistProfileTab';
import { ProfileForm } from './ProfileForm';

const TAB_LABELS: Record<ProfileTab, string> = { general: 'General', artist: 'Artist profile' };

/**
 * See docs/requirements.md#account-profile Profile / settings: a general tab (alias, email, avatar) and, for creators only, the artist profile tab
 * (the artists' pages). Default General; non-creators stay on it. The tabs follow the ARIA tabs pattern (arrow keys, Home, End).
 */
export function ProfileView() {
  useDocumentTitle('Profile');
  const walletModal = useSystemActor('walletModal');
  const page = useFlow(profilePageFlow);
  const signedOut = useSelector(page, (snapshot) => snapshot.matches('signedOut') || snapshot.matches('checking'));
  const loading = useSelector(page, (snapshot) => snapshot.hasTag('loading'));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const account = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.account : null));
  const tab = useSelector(page, (snapshot) => snapshot.context.tab);
  const artistAllowed = useSelector(page, (snapshot) => snapshot.can({ type: 'profile.selectTab', tab: 'artist' }));
  const tabs: ProfileTab[] = artistAllowed ? ['general', 'artist'] : ['general'];
  const tabRefs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});

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

  const select = (next: ProfileTab) => {
    page.send({ type: 'profile.selectTab', tab: next });
    tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? tabs[(at + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(at - 1 + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
  };

  return (
    <section className={tab === 'artist' ? 'profile-page profile-page-wide' : 'profile-page'} aria-labelledby="profile-heading">
      <h1 id="profile-heading">Profile</h1>
      <div role="tablist" aria-label="Profile sections" className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`profile-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'tab tab-active' : 'tab'}
            onClick={() => select(name)}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </div>
      {loading && <p role="status">Loading ...</p>}
      {error && <p role="alert">{error}</p>}
      {/* Both panels stay mounted, so what was typed in one survives a look at the other. */}
      <div role="tabpanel" id="profile-panel-general" aria-labelledby="profile-tab-general" className="tab-panel" hidden={tab !== 'general'}>
        {account && <ProfileForm key={account.address} account={account} />}
      </div>
      {artistAllowed && account && (
        <div role="tabpanel" id="profile-panel-artist" aria-labelledby="profile-tab-artist" className="tab-panel" hidden={tab !== 'artist'}>
          <ArtistProfileTab key={account.address} address={account.address} />
        </div>
      )}
    </section>
  );
}
