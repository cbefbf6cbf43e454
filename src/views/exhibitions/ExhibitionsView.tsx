import { useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { EXHIBITIONS_TABS, type ExhibitionsTab } from '../../../machines/exhibitions/exhibitionsPageMachine';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { exhibitionsPageFlow, exhibitionsPageInput } from '../../services/flows/exhibitions';
import { offlineExhibitionsFlow } from '../../services/flows/offlineExhibitions';
import { ExhibitionViewer } from './ExhibitionViewer';
import { ExhibitionArtworks, PastExhibitions, type PastView } from './PastExhibitions';
import { SavedExhibitions, SaveForOffline } from './SaveForOffline';
import '../../styles/pageTabs.css';
import './exhibitions.css';

export interface ExhibitionsSearch {
  tab?: ExhibitionsTab;
  exhibition?: string;
  view?: PastView;
}

const TAB_NAMES: Record<ExhibitionsTab, string> = { current: 'Current', artworks: 'Artworks', past: 'Past' };
const tabId = (tab: ExhibitionsTab) => `exhibitions-tab-${tab}`;

/**
 * /exhibitions (the editorial pages; docs/requirements.md#exhibitions): a loader, then the tabs current, artworks and past (past
 * only when past exhibitions exist); the current exhibition's viewer, its artworks as token cards, and the past
 * exhibitions. The tab is the page flow's: stored, and kept in the query string with replace.
 */
export function ExhibitionsView({ search }: { search: ExhibitionsSearch }) {
  useDocumentTitle('Exhibitions');
  const page = useFlow(exhibitionsPageFlow, { input: exhibitionsPageInput(search.tab) });
  const offline = useFlow(offlineExhibitionsFlow);
  const loading = useSelector(page, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const tab = useSelector(page, (snapshot) => snapshot.context.tab);
  const current = useSelector(page, (snapshot) => snapshot.context.current);
  const past = useSelector(page, (snapshot) => snapshot.context.past);
  const tabs = EXHIBITIONS_TABS.filter((name) => name !== 'past' || past.length > 0);

  const listRef = useRef<HTMLDivElement>(null);
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(tab);
    const next = event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length] : undefined;
    if (!next) return;
    event.preventDefault();
    page.send({ type: 'tab.select', tab: next });
    listRef.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  return (
    <div className="page exhibitions-page">
      <header className="page-header">
        <h1 className="page-title">Exhibitions</h1>
      </header>
      {loading ? (
        <p className="exhibitions-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading exhibitions…
        </p>
      ) : failed ? (
        <div className="exhibitions-error" role="alert">
          <p>Could not load the exhibitions: {failed}</p>
          <button type="button" className="button" onClick={() => page.send({ type: 'exhibitions.retry' })}>
            Retry
          </button>
        </div>
      ) : (
        <>
          <div ref={listRef} role="tablist" aria-label="Exhibitions" className="page-tablist exhibitions-tablist" onKeyDown={onTabKey}>
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={tabId(name)}
                aria-selected={name === tab}
                aria-controls="exhibitions-panel"
                tabIndex={name === tab ? 0 : -1}
                className={name === tab ? 'page-tab page-tab-selected exhibitions-tab' : 'page-tab exhibitions-tab'}
                onClick={() => page.send({ type: 'tab.select', tab: name })}
              >
                {TAB_NAMES[name]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="exhibitions-panel" aria-labelledby={tabId(tab)} className="exhibitions-panel">
            {tab === 'past' ? (
              <PastExhibitions past={past} exhibitionId={search.exhibition} view={search.view} offline={offline} />
            ) : !current ? (
              <div className="exhibitions-none">
                <h2>No Current Exhibitions</h2>
                <p>Coming Soon..</p>
              </div>
            ) : tab === 'current' ? (
              <>
                <ExhibitionViewer key={current.id} exhibition={current} />
                <SaveForOffline offline={offline} exhibition={current} />
              </>
            ) : (
              <ExhibitionArtworks exhibition={current} />
            )}
          </div>
        </>
      )}
      {/* After the exhibitions: shown while they load, it would be pushed down when they arrive. */}
      {!loading && <SavedExhibitions offline={offline} />}
    </div>
  );
}
