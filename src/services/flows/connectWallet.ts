// The /connect-wallet page's flow, provided once: once the account is registered it goes on through the app's
// router (src/services/flows/navigation.ts): to `from`, replacing this page so Back skips it, or back one step.
import { connectWalletMachine } from '../../../machines/wallet/connectWalletMachine';
import { navigateBack, navigateTo } from './navigation';

export const connectWalletFlow = connectWalletMachine.provide({
  actions: {
    // `from` is a full href (path, search, hash) validated by the route.
    goToFrom: (_, { from }) => navigateTo({ href: from, replace: true }),
    goBack: () => navigateBack(),
  },
});
