import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { demoAccounts } from '../../services/wallet/demoWallet';
import {
  announcedWallets,
  demoConnectorId,
  injectedChoices,
  legacyProvider,
  requestWalletAnnouncements,
  subscribeAnnouncedWallets,
  WALLETCONNECT_CONNECTOR_ID,
  type WalletChoice,
} from '../../services/wallet/discovery';
import { targetEvm } from '../../services/wallet/walletEnv';
import { getWalletConnectFailure, setWalletConnectFailure, subscribeWalletConnectUri } from '../../services/wallet/walletConnectUri';
import { shortAddress } from './AccountAvatar';
import { useFocusTrap } from './useFocusTrap';
import { WalletConnectPanel } from './WalletConnectPanel';

type Phase = 'choose' | 'connecting' | 'switching' | 'terms' | 'signing' | 'registered' | 'banned' | 'busy';

const PHASE_TEXT: Partial<Record<Phase, string>> = {
  connecting: 'Confirm the connection in your wallet…',
  switching: 'Switching network…',
  signing: 'Sign the login message in your wallet…',
  busy: 'Please wait…',
};

// Only data: image URIs are shown as icons: EIP-6963 requires them, and they cannot track the visitor.
const safeIcon = (icon?: string) => (icon && /^data:image\//.test(icon) ? icon : undefined);

/** Our own wallet modal: injected wallets (EIP-6963 or legacy), WalletConnect and, on a local demo chain, the demo wallet. */
export default function WalletModal() {
  const wallet = useSystemActor('walletSession');
  const config = useSystemActor('config');
  const walletModal = useSystemActor('walletModal');
  const appConfig = useSelector(config, (snapshot) => snapshot.context.config);
  const phase = useSelector(wallet, (snapshot): Phase => {
    if (snapshot.matches('disconnected')) return 'choose';
    if (snapshot.matches('connecting')) return 'connecting';
    if (snapshot.matches({ connected: 'switchingNetwork' })) return 'switching';
    if (snapshot.hasTag('terms')) return 'terms';
    if (snapshot.matches({ connected: 'signing' })) return 'signing';
    if (snapshot.hasTag('registered')) return 'registered';
    if (snapshot.hasTag('banned')) return 'banned';
    return 'busy';
  });
  const error = useSelector(wallet, (snapshot) => snapshot.context.error);
  const notice = useSelector(wallet, (snapshot) => snapshot.context.notice);
  const connectorId = useSelector(wallet, (snapshot) => snapshot.context.connectorId);
  const announced = useSyncExternalStore(subscribeAnnouncedWallets, announcedWallets, announcedWallets);
  // WalletConnect's own reason (no project id, relay unreachable) says more than the catalogue's generic message.
  const walletConnectFailure = useSyncExternalStore(subscribeWalletConnectUri, getWalletConnectFailure, getWalletConnectFailure);
  // Closing while the terms are asked declines them: the wallet is signed out again, nothing is signed.
  const close = () => {
    if (phase === 'terms') wallet.send({ type: 'wallet.declineTerms' });
    walletModal.send({ type: 'walletModal.close' });
  };
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, close);

  useEffect(() => requestWalletAnnouncements(), []);

  const injected = injectedChoices(announced, legacyProvider());
  const connect = (choice: Pick<WalletChoice, 'connectorId'>) => {
    setWalletConnectFailure(null);
    wallet.send({ type: 'wallet.connect', connectorId: choice.connectorId });
  };
  const shownError = walletConnectFailure ?? error;
  const canChoose = phase === 'choose';
  const demoEvm = appConfig?.isLocalDemoChain ? targetEvm(appConfig) : null;

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div ref={dialogRef} className="modal wallet-modal" role="dialog" aria-modal="true" aria-labelledby="wallet-modal-title" tabIndex={-1}>
        <div className="modal-header">
          <h2 id="wallet-modal-title">Connect a wallet</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        {shownError && phase === 'choose' && (
          <p className="wallet-modal-error" role="alert">
            {shownError}
          </p>
        )}
        {phase === 'banned' && (
          <div className="wallet-modal-banned">
            <p role="alert">{error}</p>
            <button type="button" className="button" onClick={() => wallet.send({ type: 'wallet.disconnect' })}>
              Disconnect
            </button>
          </div>
        )}
        {phase === 'terms' && <TermsStep onAccept={() => wallet.send({ type: 'wallet.acceptTerms' })} onDecline={() => wallet.send({ type: 'wallet.declineTerms' })} />}
        {PHASE_TEXT[phase] && (
          <div className="wallet-modal-progress" role="status">
            <p>{notice ?? PHASE_TEXT[phase]}</p>
            {phase === 'connecting' && connectorId === WALLETCONNECT_CONNECTOR_ID && <WalletConnectPanel />}
            {(phase === 'switching' || phase === 'signing') && (
              <button type="button" className="button" onClick={() => wallet.send({ type: 'wallet.disconnect' })}>
                Disconnect
              </button>
            )}
          </div>
        )}

        {canChoose && (
          <>
            <section aria-labelledby="wallet-modal-installed">
              <h3 id="wallet-modal-installed" className="wallet-modal-heading">
                Browser wallets
              </h3>
              {injected.length === 0 ? (
                <p className="wallet-modal-hint">No browser wallet found. Install one, or use WalletConnect.</p>
              ) : (
                <ul className="wallet-choices">
                  {injected.map((choice) => (
                    <li key={choice.connectorId}>
                      <button type="button" className="wallet-choice" onClick={() => connect(choice)}>
                        {safeIcon(choice.icon) ? (
                          <img src={safeIcon(choice.icon)} alt="" width={28} height={28} />
                        ) : (
                          <span className="wallet-choice-icon" aria-hidden="true" />
                        )}
                        <span>{choice.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="wallet-modal-other">
              <h3 id="wallet-modal-other" className="wallet-modal-heading">
                Other wallets
              </h3>
              <ul className="wallet-choices">
                <li>
                  <button type="button" className="wallet-choice" onClick={() => connect({ connectorId: WALLETCONNECT_CONNECTOR_ID })}>
                    <span className="wallet-choice-icon wallet-choice-icon-wc" aria-hidden="true" />
                    <span>WalletConnect</span>
                  </button>
                </li>
              </ul>
            </section>
            {demoEvm && <DemoWalletChoice providerURL={demoEvm.providerURL} onConnect={(index) => connect({ connectorId: demoConnectorId(index) })} />}
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** See docs/requirements.md#wallet-session: the first sign-in of an address asks to accept the terms of service (remembered per address). */
function TermsStep({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  // The step replaces the wallet choice the user just clicked: focus moves to its first answer.
  const acceptRef = useRef<HTMLButtonElement>(null);
  useEffect(() => acceptRef.current?.focus(), []);
  return (
    <section className="wallet-modal-terms" aria-labelledby="wallet-terms-heading">
      <h3 id="wallet-terms-heading" className="wallet-modal-heading">
        Terms of service
      </h3>
      <p>
        Before you sign in, please read and accept the{' '}
        <a href="/tos" target="_blank" rel="noopener">
          terms of service
        </a>
        .
      </p>
      <div className="wallet-modal-actions">
        <button ref={acceptRef} type="button" className="button button-primary" onClick={onAccept}>
          Accept
        </button>
        <button type="button" className="button" onClick={onDecline}>
          Decline
        </button>
      </div>
    </section>
  );
}

/** The local demo chain's unlocked accounts #0–#4; the node signs for them. */
function DemoWalletChoice({ providerURL, onConnect }: { providerURL: string; onConnect: (accountIndex: number) => void }) {
  const [accounts, setAccounts] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    let live = true;
    demoAccounts(providerURL).then(
      (found) => live && setAccounts(found),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [providerURL]);
  return (
    <section aria-labelledby="wallet-modal-demo" className="wallet-demo">
      <h3 id="wallet-modal-demo" className="wallet-modal-heading">
        Demo wallet
      </h3>
      <p className="wallet-modal-hint">Uses an unlocked account of the local demo chain. For trying the marketplace only.</p>
      <div className="wallet-demo-row">
        <label htmlFor="wallet-demo-account">Account</label>
        <select id="wallet-demo-account" value={index} onChange={(event) => setIndex(Number(event.target.value))}>
          {[0, 1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {`#${n}${accounts?.[n] ? ` ${shortAddress(accounts[n])}` : ''}`}
            </option>
          ))}
        </select>
        <button type="button" className="button button-primary" disabled={failed} onClick={() => onConnect(index)}>
          Demo wallet
        </button>
      </div>
      {failed && <p className="wallet-modal-hint">The demo chain is not reachable.</p>}
    </section>
  );
}
