import { Accordion } from '../../../components/data/Accordion';
import { MediaTypeIcon } from '../../../components/media/MediaTypeIcon';
import { formatDate } from '../../token/dates';
import { CANVAS_STATE_LABELS, isFinalized, rowActions, type StudioListActions, type StudioListRow } from './studioListRows';

/** The studio list on small screens: one accordion item per collection, its details and actions inside. */
export function StudioListAccordion({ rows, onSelect, ...actions }: { rows: readonly StudioListRow[]; onSelect(id: string): void } & StudioListActions) {
  const actionsOf = rowActions(actions);
  return (
    <Accordion
      label="My collections"
      onToggle={(id, open) => open && onSelect(id)}
      items={rows.map((row) => ({
        id: row.id,
        header: (
          <>
            <MediaTypeIcon mediaType={row.mediaType} />{' '}
            <span className="studio-list-name">{row.name}</span>{' '}
            {isFinalized(row) && (
              <span role="img" aria-label="Finalized" className="studio-list-check">
                ✓
              </span>
            )}
          </>
        ),
        content: (
          <>
            <dl className="studio-list-details">
              <dt>Symbol</dt>
              <dd>{row.symbol}</dd>
              <dt>Created</dt>
              <dd>
                <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
              </dd>
              <dt>State</dt>
              <dd>{CANVAS_STATE_LABELS[row.state]}</dd>
            </dl>
            <div className="studio-list-item-actions">
              {actionsOf(row).map((action) => (
                <button
                  key={action.id}
                  type="button"
                  className={action.danger ? 'button button-danger' : 'button'}
                  aria-label={`${action.label} ${row.name}`}
                  onClick={() => action.onSelect(row)}
                >
                  {action.label}
                </button>
              ))}
            </div>
          </>
        ),
      }))}
    />
  );
}
