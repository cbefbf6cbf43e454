// /studio/connect's flow, provided once: a creator goes on to the studio list through the app's router
// (src/services/flows/navigation.ts), replacing this page so Back skips it.
import { studioConnectMachine } from '../../../machines/studio/studioConnectMachine';
import { navigateTo } from './navigation';

export const studioConnectFlow = studioConnectMachine.provide({
  actions: { goToList: () => navigateTo({ to: '/studio/list', replace: true }) },
});
