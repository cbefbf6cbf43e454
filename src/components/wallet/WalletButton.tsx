import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { GateReason, useNetworkGate } from '../offline/networkGate';
import { AccountAvatar, accountName } from './AccountAvatar';

/** Header wallet slot (docs/requirements.md#wallet-session): the connect button, or the avatar linking to /profile once registered. */
export function WalletButton({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const wallet = useSystemActor('walletSession');
  const walletModal = useSystemActor('walletModal');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const busy = useSelector(wallet, (snapshot) => snapshot.hasTag('busy'));
  const account = useSelector(wallet, (snapshot) => snapshot.context.account);
  // Signing in needs the server (a nonce, then the signed message).
  const gate = useNetworkGate('network');

  if (registered && account) {
    return (
      <Link to="/profile" className={`wallet-avatar-link ${className}`.trim()} aria-label={`Profile of ${accountName(account)}`} onClick={onNavigate}>
        <AccountAvatar account={account} />
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`button button-primary wallet-connect-button ${className}`.trim()}
        aria-busy={busy}
        disabled={gate.blocked}
        title={gate.reason ?? undefined}
        aria-describedby={gate.describedBy}
        onClick={() => {
          onNavigate?.();
          walletModal.send({ type: 'walletModal.open' });
        }}
      >
        {busy ? 'Connecting…' : 'Connect wallet'}
      </button>
      <GateReason gate={gate} hidden />
    </>
  );
}
