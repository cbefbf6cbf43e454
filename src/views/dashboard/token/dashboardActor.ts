import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { createTokenDashboardMachine } from '../../../../machines/dashboard/tokenDashboardMachine';
import type { TokenDetail, TokenOffer } from '../../../services/token';

/** The token dashboard machine over the token page's GraphQL shapes; its effects are provided by the view. */
export const tokenDashboardMachine = createTokenDashboardMachine<TokenDetail, TokenOffer>();

export type DashboardActor = ActorRefFrom<typeof tokenDashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof tokenDashboardMachine>;
