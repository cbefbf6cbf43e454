import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';
import { useSystemActor } from '../../app/appActorContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { openWalletModalThroughSystem } from '../../../machines/wallet/walletModalMachine';
import { fetchOwnAccount } from '../../services/wallet/profile';
import { ProfileForm } from './ProfileForm';

type Loaded = { status: 'loading' } | { status: 'ready'; account: WalletAccount } | { status: 'failed'; message: string };

/**
 * Seed 000 §2 Profile / settings: a general tab (alias, email, avatar). The artist profile tab is for creators
 * and arrives with its form in a later issue; until then every account sees General only.
 */
export function ProfileView() {
  useDocumentTitle('Profile');
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const key = useSelector(wallet, (snapshot) => snapshot.context.apiKey?.key);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!address || !key) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    fetchOwnAccount({ address, key }, controller.signal).then(
      (account) => setLoaded({ status: 'ready', account }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed', message: error instanceof Error ? error.message : 'Unexpected error' });
      },
    );
    return () => controller.abort();
  }, [address, key]);

  if (!registered || !address || !key) {
    return (
      <section className="profile-page">
        <h1>Profile</h1>
        <p>Connect your wallet to edit your profile.</p>
        <button type="button" className="button button-primary" onClick={() => openWalletModalThroughSystem(wallet.system)}>
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
        {loaded.status === 'loading' && <p role="status">Loading ...</p>}
        {loaded.status === 'failed' && <p role="alert">{loaded.message}</p>}
        {loaded.status === 'ready' && <ProfileForm key={loaded.account.address} account={loaded.account} credentials={{ address, key }} />}
      </div>
    </section>
  );
}
