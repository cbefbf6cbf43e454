import { useCallback, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { ChainAction } from '../../../machines/trading/chainActions';
import type { ContractActionActor } from '../../../machines/trading/contractActionMachine';
import { forwardTradeNotices } from '../../../machines/trading/forwardTradeNotices';
import { useSystemActor } from '../../app/appActorContext';
import { provideContractAction } from '../../services/chain/contractAction';

import type { ContractActionPhase } from './PhaseStatus';

export type { ContractActionPhase } from './PhaseStatus';

const machine = provideContractAction();

/**
 * Runs one contract action at a time with the connected wallet; notices go to the notifications actor.
 * The action keeps running if the view unmounts, so its outcome is still announced. `onFailed` hears every other
 * end (refused by the server check, rejected in the wallet, reverted on chain).
 */
export function useContractAction(onSucceeded?: (action: ChainAction) => void, onFailed?: (action: ChainAction) => void) {
  const wallet = useSystemActor('walletSession');
  const notifications = useSystemActor('notifications');
  const running = useRef<ContractActionActor | null>(null);
  const [phase, setPhase] = useState<ContractActionPhase>('idle');
  const succeeded = useRef(onSucceeded);
  succeeded.current = onSucceeded;
  const failed = useRef(onFailed);
  failed.current = onFailed;

  const run = useCallback(
    (action: ChainAction) => {
      if (running.current) return;
      const session = wallet.getSnapshot().context;
      if (!session.address) return;
      const actor = createActor(machine, {
        input: { action, account: session.address, walletChainId: session.chainId, networkName: session.networkName, isMobile: session.isMobile },
      });
      running.current = actor;
      const stopForwarding = forwardTradeNotices(actor, notifications);
      // Mobile: the user switches the network in the wallet; the session reports the new chain.
      const chainWatch = wallet.subscribe((snapshot) => {
        if (snapshot.context.chainId !== null) actor.send({ type: 'wallet.changed', address: snapshot.context.address, chainId: snapshot.context.chainId });
      });
      actor.subscribe((snapshot) => {
        if (snapshot.status === 'done') {
          chainWatch.unsubscribe();
          stopForwarding();
          running.current = null;
          setPhase('idle');
          if (snapshot.matches('succeeded')) succeeded.current?.(action);
          else failed.current?.(action);
          return;
        }
        setPhase(snapshot.hasTag('pending') ? 'pending' : snapshot.hasTag('wallet') ? 'wallet' : 'busy');
      });
      actor.start();
    },
    [wallet, notifications],
  );

  return { run, phase, busy: phase !== 'idle' };
}

/** The viewer as the trading rules see them: address, registered, banned. */
export function useViewer() {
  const wallet = useSystemActor('walletSession');
  return {
    wallet,
    snapshotViewer: () => {
      const snapshot = wallet.getSnapshot();
      return { address: snapshot.context.address, registered: snapshot.hasTag('registered'), banned: snapshot.hasTag('banned') };
    },
  };
}
