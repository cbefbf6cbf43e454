import { useEffect, useRef, type KeyboardEvent } from 'react';
import { DASHBOARD_TAB_NAMES, DASHBOARD_TAB_TOOLTIPS, type DashboardTab, type TabMove } from '../../../machines/dashboard/tabs';
import { scrollIntoRow, useScrollCue } from './useScrollCue';
import '../../styles/pageTabs.css';

export const dashboardTabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;
export const dashboardPanelId = (tab: DashboardTab) => `dashboard-panel-${tab}`;
const tooltipId = (tab: DashboardTab) => `dashboard-tip-${tab}`;

/** How far a tab lands from the row's edge when scrolled into view: clear of the fade over that edge. */
const EDGE_CLEARANCE_PX = 40;

const KEY_MOVES: Record<string, TabMove> = { ArrowRight: 'next', ArrowDown: 'next', ArrowLeft: 'previous', ArrowUp: 'previous', Home: 'first', End: 'last' };

export interface DashboardTabListProps {
  tabs: readonly DashboardTab[];
  shown: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
  onMove: (move: TabMove) => void;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab in the tab order, arrow keys (and Home/End) pick
 * the neighbour. Each tab has a tooltip: `title` for the pointer, and a described-by tip shown on hover and focus.
 * On a phone the row scrolls sideways: a fade and an arrow mark each edge past which tabs are hidden (the arrows
 * scroll the row for the pointer; keys move between tabs), and the shown tab is always scrolled into view.
 */
export function DashboardTabList({ tabs, shown, onSelect, onMove }: DashboardTabListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const movedByKey = useRef(false);
  const cue = useScrollCue(listRef, tabs.join());
  const [firstTab, lastTab] = [tabs[0], tabs[tabs.length - 1]];

  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>(`#${dashboardTabId(shown)}`);
    const edge = shown === firstTab ? 'start' : shown === lastTab ? 'end' : undefined;
    if (list && tab) scrollIntoRow(list, tab, EDGE_CLEARANCE_PX, edge);
  }, [shown, firstTab, lastTab]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  // Focus follows the tab a key moved to, once it is the shown one.
  useEffect(() => {
    if (!movedByKey.current) return;
    movedByKey.current = false;
    listRef.current?.querySelector<HTMLElement>(`#${dashboardTabId(shown)}`)?.focus();
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    movedByKey.current = true;
    onMove(move);
  };

  return (
    <div className="dashboard-tabstrip" data-more-before={cue.before || undefined} data-more-after={cue.after || undefined}>
      {cue.before && (
        <button type="button" className="dashboard-tabstrip-arrow dashboard-tabstrip-before" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(-1)}>
          <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <div ref={listRef} role="tablist" aria-label="Dashboard sections" className="page-tablist dashboard-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab === shown;
          return (
            <span key={tab} className="dashboard-tab-item">
              <button
                type="button"
                role="tab"
                id={dashboardTabId(tab)}
                aria-selected={selected}
                aria-controls={dashboardPanelId(tab)}
                aria-describedby={tooltipId(tab)}
                tabIndex={selected ? 0 : -1}
                title={DASHBOARD_TAB_TOOLTIPS[tab]}
                className={selected ? 'page-tab page-tab-selected dashboard-tab' : 'page-tab dashboard-tab'}
                onClick={() => onSelect(tab)}
              >
                {DASHBOARD_TAB_NAMES[tab]}
              </button>
              <span role="tooltip" id={tooltipId(tab)} className="dashboard-tooltip">
                {DASHBOARD_TAB_TOOLTIPS[tab]}
              </span>
            </span>
          );
        })}
      </div>
      {cue.after && (
        <button type="button" className="dashboard-tabstrip-arrow dashboard-tabstrip-after" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(1)}>
          <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </div>
  );
}
