import { useEffect, useRef, type KeyboardEvent } from 'react';
import { DASHBOARD_TAB_NAMES, DASHBOARD_TAB_TOOLTIPS, type DashboardTab, type TabMove } from '../../../machines/dashboard/tabs';
import '../../styles/pageTabs.css';

export const dashboardTabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;
export const dashboardPanelId = (tab: DashboardTab) => `dashboard-panel-${tab}`;
const tooltipId = (tab: DashboardTab) => `dashboard-tip-${tab}`;

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
 */
export function DashboardTabList({ tabs, shown, onSelect, onMove }: DashboardTabListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const movedByKey = useRef(false);

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
  );
}
