import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataGrid, type DataGridColumn } from '../../src/components/data/DataGrid';

interface Work {
  id: string;
  name: string;
  year: number;
  finalized: boolean;
}

const works: Work[] = [
  { id: 'a', name: 'Tidal Loops', year: 2021, finalized: false },
  { id: 'b', name: 'amber fields', year: 2024, finalized: true },
  { id: 'c', name: 'Night Grid', year: 2019, finalized: false },
];

const columns: DataGridColumn<Work>[] = [
  { id: 'name', header: 'Name', cell: (work) => work.name, sortValue: (work) => work.name },
  { id: 'year', header: 'Year', cell: (work) => String(work.year), sortValue: (work) => work.year },
  { id: 'note', header: 'Note', cell: () => '—' },
];

function Grid({ loading = false, onEdit = vi.fn(), onDelete = vi.fn() }: { loading?: boolean; onEdit?: (work: Work) => void; onDelete?: (work: Work) => void }) {
  // The page's machine owns the selection; here a state stands in for it.
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <button type="button">outside</button>
      <DataGrid
        label="Works"
        columns={columns}
        rows={works}
        rowId={(work) => work.id}
        rowLabel={(work) => work.name}
        initialSort={{ columnId: 'year', direction: 'descending' }}
        loading={loading}
        selectedId={selected}
        onSelect={setSelected}
        checked={(work) => work.finalized}
        actions={[
          { id: 'edit', label: 'Edit', onSelect: onEdit },
          { id: 'delete', label: 'Delete', danger: true, onSelect: onDelete },
        ]}
      />
    </>
  );
}

const bodyRows = () => within(screen.getByRole('grid', { name: 'Works' })).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('gridcell')[1]?.textContent);

describe('DataGrid', () => {
  it('default: rows in the first sort with aria-sort on its header; unsortable headers have no button', () => {
    render(<Grid />);
    expect(names()).toEqual(['amber fields', 'Tidal Loops', 'Night Grid']);
    expect(screen.getByRole('columnheader', { name: /Year/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('behavior: a header click sorts by that column, a second click the other way', async () => {
    const user = userEvent.setup();
    render(<Grid />);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['amber fields', 'Night Grid', 'Tidal Loops']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Year/ })).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Tidal Loops', 'Night Grid', 'amber fields']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('behavior: a click on a row selects it; Enter and Space select the focused row; arrows move between rows', async () => {
    const user = userEvent.setup();
    render(<Grid />);
    const [amber, tidal, night] = bodyRows();
    expect(amber).toHaveAttribute('aria-selected', 'false');
    await user.click(within(tidal!).getByText('Tidal Loops'));
    expect(tidal).toHaveAttribute('aria-selected', 'true');
    expect(amber).toHaveAttribute('aria-selected', 'false');

    night!.focus();
    await user.keyboard('{Enter}');
    expect(night).toHaveAttribute('aria-selected', 'true');
    expect(tidal).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}');
    expect(tidal).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(amber).toHaveFocus();
    await user.keyboard(' ');
    expect(amber).toHaveAttribute('aria-selected', 'true');
  });

  it('behavior: finalized rows carry a check mark named Finalized', () => {
    render(<Grid />);
    const [amber, tidal] = bodyRows();
    expect(within(amber!).getByRole('img', { name: 'Finalized' })).toBeInTheDocument();
    expect(within(tidal!).queryByRole('img', { name: 'Finalized' })).not.toBeInTheDocument();
  });

  it("behavior: a row's action menu opens from its labelled button, runs the chosen action for that row and does not select it", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Grid onDelete={onDelete} />);
    const button = screen.getByRole('button', { name: 'Actions for Night Grid' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Actions for Night Grid' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(works[2]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('behavior: the menu works from the keyboard; Escape closes it and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Grid onEdit={onEdit} />);
    const button = screen.getByRole('button', { name: 'Actions for Tidal Loops' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onEdit).toHaveBeenCalledWith(works[0]);
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('behavior: a click outside closes the menu', async () => {
    const user = userEvent.setup();
    render(<Grid />);
    await user.click(screen.getByRole('button', { name: 'Actions for Tidal Loops' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('parameters: actions per row; a row without any has no menu button', () => {
    render(
      <DataGrid
        label="Works"
        columns={columns}
        rows={works}
        rowId={(work) => work.id}
        rowLabel={(work) => work.name}
        actions={(work) => (work.finalized ? [] : [{ id: 'edit', label: 'Edit', onSelect: vi.fn() }])}
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Actions for/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Actions for Tidal Loops',
      'Actions for Night Grid',
    ]);
  });

  it('parameters: no rows shows the empty text', () => {
    render(<DataGrid label="Works" columns={columns} rows={[]} rowId={(work) => work.id} rowLabel={(work) => work.name} emptyText="No works yet." />);
    expect(screen.getByRole('grid', { name: 'Works' })).toHaveTextContent('No works yet.');
  });

  it("loading: 'Loading ...' instead of the rows", () => {
    render(<Grid loading />);
    expect(screen.getByRole('grid', { name: 'Works' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading ...');
    expect(screen.queryByText('Tidal Loops')).not.toBeInTheDocument();
  });
});
