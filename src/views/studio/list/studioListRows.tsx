import type { CanvasState } from '../../../../domain/studioRules';
import type { StudioListRow } from '../../../../machines/studio/studioListMachine';
import type { DataGridColumn, RowAction } from '../../../components/data/DataGrid';
import { MediaTypeIcon } from '../../../components/media/MediaTypeIcon';
import { formatDate } from '../../token/dates';

export type { StudioListRow };

export const CANVAS_STATE_LABELS: Record<CanvasState, string> = {
  building: 'Building',
  finalized: 'Finalized',
  published: 'Published',
};

/** See docs/requirements.md#studio-list: the state column shows finalized collections with a check mark; a published one was finalized too. */
export const isFinalized = (row: StudioListRow) => row.state !== 'building';

const createdTime = (row: StudioListRow) => {
  const time = Date.parse(row.createdAt);
  return Number.isNaN(time) ? 0 : time;
};

export const STUDIO_LIST_COLUMNS: DataGridColumn<StudioListRow>[] = [
  { id: 'name', header: 'Name', cell: (row) => <span className="studio-list-name">{row.name}</span>, sortValue: (row) => row.name },
  { id: 'type', header: 'Type', cell: (row) => <MediaTypeIcon mediaType={row.mediaType} />, sortValue: (row) => row.mediaType },
  { id: 'symbol', header: 'Symbol', cell: (row) => row.symbol, sortValue: (row) => row.symbol },
  {
    id: 'createdAt',
    header: 'Created',
    cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>,
    sortValue: createdTime,
  },
  { id: 'state', header: 'State', cell: (row) => CANVAS_STATE_LABELS[row.state], sortValue: (row) => row.state },
];

/** Newest first (docs/requirements.md#studio-list "Sorted by createdAt, newest first"). */
export const STUDIO_LIST_SORT = { columnId: 'createdAt', direction: 'descending' } as const;

export interface StudioListActions {
  onEdit(row: StudioListRow): void;
  onDelete(row: StudioListRow): void;
}

/** Edit (to studio-edit) and Delete; a published collection is on chain and can no longer be deleted. */
export function rowActions({ onEdit, onDelete }: StudioListActions) {
  return (row: StudioListRow): RowAction<StudioListRow>[] => [
    { id: 'edit', label: 'Edit', onSelect: onEdit },
    ...(row.state === 'published' ? [] : [{ id: 'delete', label: 'Delete', danger: true, onSelect: onDelete }]),
  ];
}
