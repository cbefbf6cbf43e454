// First-load safe: the contract calls (wagmi, viem, ABIs) load with a dynamic import when an action runs.
import { fromPromise } from 'xstate';
import {
  contractActionMachine,
  type CheckActionInput,
  type CheckAllowanceInput,
  type CheckApprovalInput,
  type CheckListingInput,
  type ListingOnChain,
  type SubmitCallInput,
  type SwitchChainInput,
  type WaitForReceiptInput,
} from '../../../machines/trading/contractActionMachine';
import { checkTrade, storedApiKey, type CheckTradeOptions } from './tradeCheck';
import { whenWalletAppConfig } from '../wallet/walletEnv';
import { deferredReconnect } from '../wallet/walletReconnect';

// A session restored without the wallet (walletReconnect.ts) is reconnected before the first wallet call.
export const loadContractCalls = () => Promise.all([deferredReconnect(), import('./contractCalls')]).then(([, calls]) => calls);

/**
 * The contractAction machine with its effects: the server's trade check with the signed-in API key, then every
 * step through the connected wallet's wagmi config. `apiKeyOf` defaults to the login stored for the account.
 */
export function provideContractAction(options: CheckTradeOptions = {}) {
  const apiKeyOf = options.apiKeyOf ?? storedApiKey;
  return contractActionMachine.provide({
    actors: {
      checkAction: fromPromise<void, CheckActionInput>(({ input, signal }) => checkTrade(input, { ...options, apiKeyOf }, signal)),
      switchChain: fromPromise<void, SwitchChainInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        await (await loadContractCalls()).switchToChain(appConfig, input.chainId);
      }),
      checkApproval: fromPromise<boolean, CheckApprovalInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        return (await loadContractCalls()).isCollectionApproved(appConfig, input);
      }),
      checkAllowance: fromPromise<boolean, CheckAllowanceInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        return (await loadContractCalls()).hasAllowance(appConfig, input);
      }),
      submitCall: fromPromise<string, SubmitCallInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        return (await loadContractCalls()).submitContractCall(appConfig, input.call, input.account);
      }),
      waitForReceipt: fromPromise<void, WaitForReceiptInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        await (await loadContractCalls()).waitForMined(appConfig, input);
      }),
      checkListing: fromPromise<ListingOnChain, CheckListingInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        return (await loadContractCalls()).readListing(appConfig, input);
      }),
    },
  });
}
