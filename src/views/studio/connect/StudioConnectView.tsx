import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { registeredAddress } from '../../../../machines/wallet/sessionSelectors';
import { openWalletModalThroughSystem } from '../../../../machines/wallet/walletModalMachine';
import { useSystemActor } from '../../../app/appActorContext';
import { useFlow } from '../../../app/flows';
import { checksumAddress } from '../../../app/format';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { studioConnectFlow } from '../../../services/flows/studioConnect';
import { studioAccess } from '../../../../machines/wallet/sessionSelectors';
import '../../../styles/studioEntry.css';

/**
 * See docs/requirements.md#studio-list: a connect-as-artist card and an apply card. Apply shows when no login is
 * registered, or when the registered account is not a creator; a creator is sent on to the studio list, also when
 * they sign in on this page (the page's flow, machines/studio/studioConnectMachine.ts).
 */
export function StudioConnectView() {
  const wallet = useSystemActor('walletSession');
  const access = useSelector(wallet, studioAccess);
  const address = useSelector(wallet, registeredAddress);
  const busy = useSelector(wallet, (snapshot) => snapshot.hasTag('busy'));
  useFlow(studioConnectFlow);
  useDocumentTitle('Studio');

  // A creator is on the way to the studio list.
  if (access === 'creator') return null;
  return (
    <section className="studio-entry" aria-labelledby="studio-entry-heading">
      <h1 id="studio-entry-heading" className="studio-entry-heading">
        Studio
      </h1>
      <p className="studio-entry-lead">Build a collection, upload its artworks and publish it on chain, from your browser.</p>
      <div className="studio-entry-cards">
        <article className="studio-entry-card" aria-labelledby="studio-connect-artist">
          <h2 id="studio-connect-artist">Connect as an artist</h2>
          {address ? (
            <p role="note">
              {`You are signed in as ${checksumAddress(address)}, which is not registered as an artist. Connect the wallet the marketplace registered for you, or apply below.`}
            </p>
          ) : (
            <p>Connect the wallet the marketplace registered for you and sign the login message; your studio opens.</p>
          )}
          <button type="button" className="button button-primary" disabled={busy} onClick={() => openWalletModalThroughSystem(wallet.system)}>
            {address ? 'Switch wallet' : 'Connect wallet'}
          </button>
        </article>
        <article className="studio-entry-card" aria-labelledby="studio-apply">
          <h2 id="studio-apply">Apply as an artist</h2>
          <p>
            Art Bazaar is curated: its owners review each artist and register the wallet address the artist will publish
            from. Once your address is registered, connect with it here and the studio opens.
          </p>
          {address && <p className="studio-entry-address">{`Your address: ${checksumAddress(address)}`}</p>}
          <Link to="/artists/apply" className="button">
            How to apply
          </Link>
        </article>
      </div>
    </section>
  );
}
