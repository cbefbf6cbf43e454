import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { RowActionMenu, type RowAction } from './RowActionMenu';
import '../../styles/dataGrid.css';

export type { RowAction } from './RowActionMenu';
export type SortDirection = 'ascending' | 'descending';

export interface DataGridColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** The value a click on the header sorts by; a column without it is not sortable. */
  sortValue?(row: Row): string | number;
}

export interface DataGridSort {
  columnId: string;
  direction: SortDirection;
}

export interface DataGridProps<Row> {
  /** The grid's accessible name. */
  label: string;
  columns: readonly DataGridColumn<Row>[];
  rows: readonly Row[];
  rowId(row: Row): string;
  /** Names the row in its action menu button ("Actions for {rowLabel}"). */
  rowLabel(row: Row): string;
  /** The first sort; a header click changes it. */
  initialSort?: DataGridSort;
  loading?: boolean;
  /** Row selection is the page's state (its machine): the grid shows `selectedId` and reports clicks. */
  selectedId?: string | null;
  onSelect?(id: string): void;
  /** The row action menu's items: the same for every row, or per row (a row without actions gets no menu). */
  actions?: readonly RowAction<Row>[] | ((row: Row) => readonly RowAction<Row>[]);
  /** Rows that get the check mark (docs/requirements.md#shell-routes: finalized collections), with its accessible text. */
  checked?(row: Row): boolean;
  checkedLabel?: string;
  emptyText?: string;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

const CHECK = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * See docs/requirements.md#shell-routes "sortable data grid with row action menu": a header click sorts by that column (again: the other way;
 * aria-sort tells which), a click or Enter/Space on a row selects it (aria-selected), ArrowUp/ArrowDown move between
 * rows, each row has its action menu, checked rows show a check mark, and 'Loading ...' shows while loading.
 */
export function DataGrid<Row>({
  label,
  columns,
  rows,
  rowId,
  rowLabel,
  initialSort,
  loading = false,
  selectedId = null,
  onSelect,
  actions = [],
  checked,
  checkedLabel = 'Finalized',
  emptyText = 'Nothing here yet.',
}: DataGridProps<Row>) {
  const [sort, setSort] = useState<DataGridSort | null>(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.id === sort.columnId);
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, columns, sort]);

  const toggleSort = (columnId: string) =>
    setSort((current) => ({
      columnId,
      direction: current?.columnId === columnId && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(id);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement) next.focus();
    }
  };

  const actionsOf = typeof actions === 'function' ? actions : () => actions;
  const hasActions = typeof actions === 'function' || actions.length > 0;
  const columnCount = columns.length + (checked ? 1 : 0) + (hasActions ? 1 : 0);
  return (
    <div className="data-grid-frame">
      <table className="data-grid" role="grid" aria-label={label} aria-busy={loading}>
        <thead>
          <tr>
            {checked && (
              <th scope="col" className="data-grid-check">
                <span className="visually-hidden">{checkedLabel}</span>
              </th>
            )}
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : undefined;
              return (
                <th key={column.id} scope="col" aria-sort={column.sortValue ? (direction ?? 'none') : undefined}>
                  {column.sortValue ? (
                    <button type="button" className="data-grid-sort" onClick={() => toggleSort(column.id)}>
                      {column.header}
                      <span className="data-grid-sort-mark" aria-hidden="true">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {hasActions && (
              <th scope="col" className="data-grid-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columnCount} className="data-grid-message" role="status">
                Loading ...
              </td>
            </tr>
          ) : sorted.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="data-grid-message">
                {emptyText}
              </td>
            </tr>
          ) : (
            sorted.map((row) => {
              const id = rowId(row);
              const selected = id === selectedId;
              return (
                <tr
                  key={id}
                  tabIndex={0}
                  aria-selected={selected}
                  className={selected ? 'data-grid-row data-grid-row-selected' : 'data-grid-row'}
                  onClick={() => onSelect?.(id)}
                  onKeyDown={(event) => onRowKeyDown(event, id)}
                >
                  {checked && (
                    <td role="gridcell" className="data-grid-check">
                      {checked(row) && (
                        <span role="img" aria-label={checkedLabel} className="data-grid-check-mark">
                          {CHECK}
                        </span>
                      )}
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.id} role="gridcell">
                      {column.cell(row)}
                    </td>
                  ))}
                  {hasActions && (
                    <td role="gridcell" className="data-grid-actions">
                      {actionsOf(row).length > 0 && <RowActionMenu row={row} label={`Actions for ${rowLabel(row)}`} actions={actionsOf(row)} />}
                    </td>
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
