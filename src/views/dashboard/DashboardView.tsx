import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { shownTab } from '../../../machines/dashboard/dashboardTabsMachine';
import { visibleTabs, type DashboardSearch, type DashboardTab } from '../../../machines/dashboard/tabs';
import { useSystemActor } from '../../app/appActorContext';
import { retryableLazy } from '../../app/chunkLoad';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { dashboardTabsFlow } from '../../services/flows/dashboard';
import { registeredAddress } from '../../../machines/wallet/sessionSelectors';
import { openWalletModalThroughSystem } from '../../../machines/wallet/walletModalMachine';
import { ActivitySection } from '../../components/activity/ActivitySection';
import type { MyCreationsTabProps } from './creations/MyCreationsTab';
import { DashboardTabList, dashboardPanelId, dashboardTabId } from './DashboardTabList';
import '../../styles/dashboard.css';

// Each tab's content (its lists, cards, offer and sell forms, trade flows) is a chunk of its own, fetched when the
// signed-in account's tab shows (the phone-performance work: none of them is in the route's first load). The worker precaches them all
// (offline-first); one that cannot load goes to the route's error view, whose Retry imports it again (retryableLazy).
const MyCreationsTab = retryableLazy<MyCreationsTabProps>(() => import('./creations/MyCreationsTab').then(({ MyCreationsTab }) => ({ default: MyCreationsTab })));
const PurchasedTokensTab = retryableLazy<{ owner: string }>(() => import('./PurchasedTokensTab').then(({ PurchasedTokensTab }) => ({ default: PurchasedTokensTab })));
const ReceivedOffersTab = retryableLazy<{ seller: string; collection: string | null }>(() =>
  import('./ReceivedOffersTab').then(({ ReceivedOffersTab }) => ({ default: ReceivedOffersTab })),
);
const SentOffersTab = retryableLazy<{ buyer: string }>(() => import('./SentOffersTab').then(({ SentOffersTab }) => ({ default: SentOffersTab })));
const FavoritesTab = retryableLazy<{ account: string }>(() => import('./FavoritesTab').then(({ FavoritesTab }) => ({ default: FavoritesTab })));

export interface DashboardViewProps {
  search: DashboardSearch;
}

/** See docs/requirements.md#dashboard (route my-dashboard): the signed-in account's tabs; the tabs machine picks the one shown. */
export function DashboardView({ search }: DashboardViewProps) {
  useDocumentTitle('Dashboard');
  const wallet = useSystemActor('walletSession');
  const address = useSelector(wallet, (snapshot) => registeredAddress(snapshot)?.toLowerCase() ?? null);
  // The flow hears the account's role itself (watchCreator); the URL's tab is the route's, passed in.
  const tabs = useFlow(dashboardTabsFlow, { input: { requested: search.tab ?? null } });
  const shown = useSelector(tabs, shownTab);
  const creator = useSelector(tabs, (snapshot) => snapshot.context.isCreator === true);


  return (
    <section className="dashboard-page" aria-labelledby="dashboard-heading">
      <header className="dashboard-header">
        <h1 id="dashboard-heading">Dashboard</h1>
      </header>
      {shown === null || address === null ? (
        <div className="dashboard-connect">
          <p>Connect your wallet to see your dashboard.</p>
          <button type="button" className="button button-primary" onClick={() => openWalletModalThroughSystem(wallet.system)}>
            Connect wallet
          </button>
        </div>
      ) : (
        <>
          <DashboardTabList
            tabs={visibleTabs(creator)}
            shown={shown}
            onSelect={(tab) => tabs.send({ type: 'tab.select', tab })}
            onMove={(move) => tabs.send({ type: 'tab.move', move })}
          />
          <div role="tabpanel" id={dashboardPanelId(shown)} aria-labelledby={dashboardTabId(shown)} className="dashboard-panel" tabIndex={0}>
            <Suspense
              fallback={
                <p className="list-status" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading …
                </p>
              }
            >
              <TabContent tab={shown} address={address} collection={search.collection} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}

function TabContent({ tab, address, collection }: { tab: DashboardTab; address: string; collection: number | undefined }) {
  switch (tab) {
    case 'creations':
      return <MyCreationsTab key={address} creator={address} />;
    case 'tokens':
      return <PurchasedTokensTab owner={address} />;
    case 'received':
      return <ReceivedOffersTab seller={address} collection={collection === undefined ? null : String(collection)} />;
    case 'sent':
      return <SentOffersTab buyer={address} />;
    case 'favorites':
      return <FavoritesTab account={address} />;
    case 'activity':
      return <ActivitySection filter={{ account: address }} id="dashboard-activity" />;
  }
}
