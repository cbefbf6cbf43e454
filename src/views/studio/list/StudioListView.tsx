import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../../app/flows';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { DataGrid } from '../../../components/data/DataGrid';
import { useMediaQuery } from '../../../components/data/useMediaQuery';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog';
import { studioListFlow } from '../../../services/flows/studioList';
import { StudioListAccordion } from './StudioListAccordion';
import { STUDIO_LIST_COLUMNS, STUDIO_LIST_SORT, isFinalized, rowActions, type StudioListRow } from './studioListRows';
import '../../../styles/studioList.css';

/** Below this width the list is an accordion (docs/requirements.md#studio-list "Table on desktop, accordion on mobile"). */
const MOBILE_QUERY = '(max-width: 767px)';

/**
 * See docs/requirements.md#studio-list: the creator's collections, newest first, a table on desktop and an accordion on mobile;
 * Edit opens the studio on the collection, Delete asks first. The list, the selection, the delete confirmation and
 * the way to studio-create when nothing is left are the studio list machine's.
 */
export function StudioListView() {
  const list = useFlow(studioListFlow);
  const rows = useSelector(list, (snapshot) => snapshot.context.rows);
  const selectedId = useSelector(list, (snapshot) => snapshot.context.selectedId);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading'));
  const failure = useSelector(list, (snapshot) => (snapshot.matches('failed') ? snapshot.context.problem : null));
  const empty = useSelector(list, (snapshot) => snapshot.matches('empty'));
  const confirming = useSelector(list, (snapshot) => snapshot.context.deleting);
  const deleting = useSelector(list, (snapshot) => snapshot.hasTag('busy'));
  const mobile = useMediaQuery(MOBILE_QUERY);
  useDocumentTitle(empty ? "Let's get started" : 'My Collections');

  const actions = {
    onEdit: (row: StudioListRow) => list.send({ type: 'list.edit', id: row.id }),
    onDelete: (row: StudioListRow) => list.send({ type: 'list.delete', id: row.id }),
  };
  const select = (id: string) => list.send({ type: 'list.select', id });

  // Nothing to list: the machine goes on to studio-create; this shows until the create page opens.
  if (empty) {
    return (
      <section className="studio-list studio-list-empty" aria-labelledby="studio-list-heading">
        <h1 id="studio-list-heading">Let's get started</h1>
        <p>You have no collections yet. Create your first one: its details, then its artworks.</p>
        <Link to="/studio/create" className="button button-primary">
          Create a collection
        </Link>
      </section>
    );
  }
  return (
    <section className="studio-list" aria-labelledby="studio-list-heading">
      <header className="studio-list-header">
        <h1 id="studio-list-heading">My Collections</h1>
        <Link to="/studio/create" className="button button-primary">
          Create new collection
        </Link>
      </header>
      {failure !== null ? (
        <div className="list-error" role="alert">
          <p>{`Could not load your collections. ${failure}`}</p>
          <button type="button" className="button" onClick={() => list.send({ type: 'list.retry' })}>
            Retry
          </button>
        </div>
      ) : mobile && !loading ? (
        <StudioListAccordion rows={rows} onSelect={select} {...actions} />
      ) : (
        <DataGrid
          label="My collections"
          columns={STUDIO_LIST_COLUMNS}
          rows={rows}
          rowId={(row) => row.id}
          rowLabel={(row) => row.name}
          initialSort={STUDIO_LIST_SORT}
          loading={loading}
          selectedId={selectedId}
          onSelect={select}
          actions={rowActions(actions)}
          checked={isFinalized}
          checkedLabel="Finalized"
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete this collection?"
          message={`${confirming.name} and the artworks uploaded to it will be deleted. This cannot be undone.`}
          confirmLabel={deleting ? 'Deleting…' : 'Delete'}
          danger
          onConfirm={() => list.send({ type: 'list.confirm' })}
          onCancel={() => list.send({ type: 'list.cancel' })}
        />
      )}
    </section>
  );
}
