import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';
import { forgetCanvasUploads } from '../../src/services/studio/tusUpload';

// The list flow's delete also forgets the canvas's tus fingerprints; jsdom runs tus-js-client's Node build, whose URL
// storage is not the browser's localStorage, so the call itself is observed.
vi.mock('../../src/services/studio/tusUpload', async (original) => ({
  ...(await original<typeof import('../../src/services/studio/tusUpload')>()),
  forgetCanvasUploads: vi.fn(async () => undefined),
}));

// /studio/list for a signed-in creator: the grid (desktop) or the accordion (mobile), Edit, Delete behind the
// confirm dialog, and studio-create when nothing is (or is left) to list. The server is a fetch stub.

interface Row {
  id: string;
  name: string;
  symbol: string;
  mediaType: string;
  state: string;
  createdAt: string;
}

let rows: Row[];
let requests: Array<{ url: string; method: string; headers: Headers; operationName?: string }>;
let listAnswer: () => Response | null;

const connection = (nodes: Row[]) => ({
  totalCount: nodes.length,
  pageInfo: { startCursor: nodes[0]?.id ?? null, endCursor: nodes.at(-1)?.id ?? null, hasNextPage: false, hasPreviousPage: false },
  edges: nodes.map((node) => ({ cursor: node.id, node })),
});

beforeEach(() => {
  rows = [
    { id: '3', name: 'Night Grid', symbol: 'GRID', mediaType: 'multipart/mixed', state: 'finalized', createdAt: '2026-11-21T09:00:00.000Z' },
    { id: '1', name: 'Tidal Loops', symbol: 'TIDE', mediaType: 'image', state: 'published', createdAt: '2026-10-02T09:00:00.000Z' },
    { id: '2', name: 'Amber Fields', symbol: 'AMBR', mediaType: 'gif', state: 'building', createdAt: '2026-11-03T09:00:00.000Z' },
  ];
  requests = [];
  listAnswer = () => null;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    if (url === '/graphql') {
      const { operationName } = JSON.parse(String(init.body)) as { operationName: string };
      requests.push({ url, method, headers: new Headers(init.headers), operationName });
      return listAnswer() ?? Response.json({ data: { getAllCanvas: connection(rows) } });
    }
    requests.push({ url, method, headers: new Headers(init.headers) });
    const deleted = /^\/api\/v1\/canvas\/(\d+)$/.exec(url);
    if (method === 'DELETE' && deleted) {
      rows = rows.filter((row) => row.id !== deleted[1]);
      return Response.json({ deleted: true });
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const creator = () => fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator: true }) });

async function openList() {
  const app = await renderApp('/studio/list', { walletSession: creator().machine });
  const grid = await screen.findByRole('grid', { name: 'My collections' });
  await waitFor(() => expect(within(grid).queryByText('Loading ...')).not.toBeInTheDocument());
  return { ...app, grid };
}

const bodyRows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);
const rowOf = (grid: HTMLElement, name: string) => bodyRows(grid).find((row) => within(row).queryByText(name))!;

describe('studio list', () => {
  it('default: My Collections with a create button; name, type icon, symbol, created, state; newest first; check marks on finalized rows', async () => {
    const { grid } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'My Collections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create new collection' })).toHaveAttribute('href', '/studio/create');
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Finalized',
      'Name',
      'Type',
      'Symbol',
      'Created',
      'State',
      'Actions',
    ]);
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows(grid).map((row) => within(row).getAllByRole('gridcell').slice(1, 6).map((cell) => cell.textContent))).toEqual([
      ['Night Grid', 'Generative Art', 'GRID', '21 Nov 2026', 'Finalized'],
      ['Amber Fields', 'GIF', 'AMBR', '03 Nov 2026', 'Building'],
      ['Tidal Loops', 'Image', 'TIDE', '02 Oct 2026', 'Published'],
    ]);
    expect(within(rowOf(grid, 'Night Grid')).getByRole('img', { name: 'Generative Art' })).toBeInTheDocument();
    expect(within(rowOf(grid, 'Night Grid')).getByRole('img', { name: 'Finalized' })).toBeInTheDocument();
    expect(within(rowOf(grid, 'Tidal Loops')).getByRole('img', { name: 'Finalized' })).toBeInTheDocument();
    expect(within(rowOf(grid, 'Amber Fields')).queryByRole('img', { name: 'Finalized' })).not.toBeInTheDocument();
    const read = requests.find((request) => request.operationName === 'getAllCanvas')!;
    expect(read.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
  });

  it('behavior: a click selects a row (the list machine keeps it)', async () => {
    const user = userEvent.setup();
    const { grid } = await openList();
    await user.click(within(rowOf(grid, 'Amber Fields')).getByText('AMBR'));
    expect(rowOf(grid, 'Amber Fields')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf(grid, 'Night Grid')).toHaveAttribute('aria-selected', 'false');
  });

  it('behavior: Edit opens the studio on the collection; a published one offers no Delete', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(screen.getByRole('button', { name: 'Actions for Tidal Loops' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Amber Fields' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/edit/2'));
  });

  it('behavior: Delete asks first (title, text, red Delete); Cancel keeps it; Delete removes it with a notice', async () => {
    const user = userEvent.setup();
    const { grid } = await openList();
    await user.click(screen.getByRole('button', { name: 'Actions for Amber Fields' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this collection?' });
    expect(dialog).toHaveAccessibleDescription('Amber Fields and the artworks uploaded to it will be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('button-danger');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Actions for Amber Fields' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this collection?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Collection deleted')).toBeInTheDocument();
    // The browser forgets the deleted canvas's resume fingerprints (tus-js-client's URL storage).
    await waitFor(() => expect(forgetCanvasUploads).toHaveBeenCalledWith('2'));
    await waitFor(() => expect(within(grid).queryByText('Amber Fields')).not.toBeInTheDocument());
    expect(bodyRows(grid)).toHaveLength(2);
    const removal = requests.find((request) => request.method === 'DELETE')!;
    expect(removal.url).toBe('/api/v1/canvas/2');
    expect(removal.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('behavior: deleting the last collection goes to /studio/create', async () => {
    rows = [rows[2]!];
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(screen.getByRole('button', { name: 'Actions for Amber Fields' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/create'));
  });

  it('behavior: an empty list goes to /studio/create', async () => {
    rows = [];
    const { router } = await renderApp('/studio/list', { walletSession: creator().machine });
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/create'));
  });

  it('behavior: a failed load says why and Retry reads the list again', async () => {
    listAnswer = () => Response.json({ errors: [{ message: 'Only the creator can list their studio collections.' }] });
    const user = userEvent.setup();
    await renderApp('/studio/list', { walletSession: creator().machine });
    const alert = await screen.findByText(/Could not load your collections/);
    expect(alert).toHaveTextContent('Only the creator can list their studio collections.');
    listAnswer = () => null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const grid = await screen.findByRole('grid', { name: 'My collections' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(3));
  });

  it('mobile: an accordion item per collection, newest first; opening one shows its details, Edit and Delete', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener() {}, removeEventListener() {} }));
    const user = userEvent.setup();
    const { router } = await renderApp('/studio/list', { walletSession: creator().machine });
    const accordion = await screen.findByRole('list', { name: 'My collections' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const headers = within(accordion).getAllByRole('button');
    expect(headers).toHaveLength(3);
    expect(headers[0]).toHaveAccessibleName('Generative Art Night Grid Finalized');
    expect(headers[1]).toHaveAccessibleName('GIF Amber Fields');
    expect(headers[2]).toHaveAccessibleName('Image Tidal Loops Finalized');
    await user.click(within(accordion).getByRole('button', { name: /Amber Fields/ }));
    const panel = screen.getByRole('region', { name: /Amber Fields/ });
    expect(panel).toHaveTextContent('SymbolAMBR');
    expect(panel).toHaveTextContent('StateBuilding');
    expect(within(panel).getByRole('button', { name: 'Delete Amber Fields' })).toHaveClass('button-danger');
    await user.click(within(panel).getByRole('button', { name: 'Delete Amber Fields' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete this collection?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(panel).getByRole('button', { name: 'Edit Amber Fields' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/edit/2'));
  });
});
