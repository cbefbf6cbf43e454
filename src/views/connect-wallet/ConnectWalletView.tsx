import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { connectWalletFlow } from '../../services/flows/connectWallet';

export const CONNECT_WALLET_WARNING = 'This page needs a connected wallet.';
export const CONNECT_WALLET_MESSAGE = 'Connect your wallet and sign the login message to continue. Signing is free and sends no transaction.';

/**
 * See docs/requirements.md#wallet-session /connect-wallet: a warning and a message; the wallet modal opens, and once the account is
 * registered the user goes to `from`, or back one step (the page's flow, machines/wallet/connectWalletMachine.ts).
 */
export function ConnectWalletView({ from }: { from?: string }) {
  const wallet = useSystemActor('walletSession');
  const banned = useSelector(wallet, (snapshot) => snapshot.hasTag('banned'));
  const bannedMessage = useSelector(wallet, (snapshot) => (snapshot.hasTag('banned') ? snapshot.context.error : null));
  const flow = useFlow(connectWalletFlow, { input: { from } });

  useDocumentTitle('Connect wallet');
  return (
    <section className="status-page" aria-labelledby="connect-wallet-heading">
      <h1 id="connect-wallet-heading" className="status-heading">
        Connect your wallet
      </h1>
      {banned ? (
        <p className="connect-wallet-warning" role="alert">
          {bannedMessage}
        </p>
      ) : (
        <>
          <p className="connect-wallet-warning" role="note">
            {CONNECT_WALLET_WARNING}
          </p>
          <p>{CONNECT_WALLET_MESSAGE}</p>
        </>
      )}
      {!banned && (
        <div className="status-actions">
          <button type="button" className="button button-primary" onClick={() => flow.send({ type: 'connect.open' })}>
            Connect wallet
          </button>
        </div>
      )}
    </section>
  );
}
