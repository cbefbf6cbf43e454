import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TokenDashboardFlow } from '../../../services/flows/tokenDashboard';

/** The token dashboard's flow actor, as its boxes receive it. */
export type DashboardActor = ActorRefFrom<TokenDashboardFlow>;
export type DashboardSnapshot = SnapshotFrom<TokenDashboardFlow>;
