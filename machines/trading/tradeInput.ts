// What every flow that invokes the contract action (a trade, a listing, a publish) gives it and reads back: its input
// from the connected wallet and the served chain (read through the actor system at the moment it starts), and whether
// the run succeeded. Kept apart from the machines that use it, so a page carries only its own.
import { nativeSymbolOf } from '../../domain/nativeCurrency';
import { walletOf } from '../system/systemActors';
import { systemActor, type SystemLike } from '../system/systemRegistry';
import type { ChainAction } from './chainActions';
import type { ContractActionInput } from './contractActionMachine';

/** The contractAction child's input: the action, sent from the wallet the session holds now, on the config's chain. */
export function tradeInput(system: SystemLike, action: ChainAction): ContractActionInput {
  const wallet = walletOf(system);
  const config = systemActor(system, 'config')?.getSnapshot().context?.config;
  return {
    action,
    account: wallet?.address ?? '',
    walletChainId: wallet?.chainId ?? null,
    networkName: wallet?.networkName ?? '',
    isMobile: wallet?.isMobile ?? false,
    nativeSymbol: nativeSymbolOf(config, action.chainId),
  };
}

/** A contractAction run ended in `succeeded` (failed has an error; cancelled has neither error nor hash). */
export const runSucceeded = (output: { error: unknown; hash: string | null } | undefined): boolean => !!output && output.error === null && output.hash !== null;
