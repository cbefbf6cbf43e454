import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type Snapshot } from 'xstate';
import { PAGE_SIZE } from '../../machines/lists/constants';
import {
  createPagedListMachine,
  fetchPageActor,
  pagedListMachine,
  type FetchPageInput,
  type Page,
} from '../../machines/lists/pagedListMachine';
import { controlled, flush } from './support/modelTesting';
import { EMPTY_PAGE, FIRST_PAGE, LAST_PAGE, SECOND_PAGE, type Art, type ListParams } from './support/pagedListFixtures';

const machine = createPagedListMachine<Art, ListParams>();

function startList(snapshot?: Snapshot<unknown>) {
  const fetch = controlled<Page<Art>, FetchPageInput<ListParams>>();
  const provided = machine.provide({ actors: { fetchPage: fetchPageActor(fetch.fn) } });
  const actor = createActor(provided, { input: { pageSize: PAGE_SIZE.tokens }, snapshot }).start();
  const ids = () => actor.getSnapshot().context.items.map((item) => item.id);
  return { actor, fetch, ids };
}

describe('pagedListMachine', () => {
  it('seed page sizes', () => {
    expect(PAGE_SIZE).toEqual({
      default: 20, comments: 20, collections: 5, tokens: 15, offers: 12, favorites: 10,
      exploreCollectionList: 4, exploreTokenLists: 15, collectionDisplay: 12, siblingQuery: 4,
    });
  });

  it('behavior: reset loads the first page with the params, then loadMore the next after endCursor', async () => {
    const { actor, fetch, ids } = startList();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'list.reset', params: { sort: 'most_liked' } });
    expect(fetch.last().input).toEqual({ params: { sort: 'most_liked' }, after: null, perPage: 15 });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ids()).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.totalCount).toBe(4);
    actor.send({ type: 'list.loadMore' });
    expect(fetch.last().input).toEqual({ params: { sort: 'most_liked' }, after: 'c-b', perPage: 15 });
  });

  it('behavior: an edge whose cursor was already seen is skipped', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset' });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    actor.send({ type: 'list.loadMore' });
    fetch.last().resolve(SECOND_PAGE);
    await flush();
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.cursors).toEqual(['c-a', 'c-b', 'c-c']);
    actor.send({ type: 'list.loadMore' });
    fetch.last().resolve({ ...LAST_PAGE, edges: [...LAST_PAGE.edges, ...LAST_PAGE.edges] });
    await flush();
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(actor.getSnapshot().value).toBe('exhausted');
  });

  it('behavior: loadMore is ignored while loading and after the last page', async () => {
    const { actor, fetch } = startList();
    actor.send({ type: 'list.reset' });
    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls).toHaveLength(1);
    fetch.last().resolve(EMPTY_PAGE);
    await flush();
    expect(actor.getSnapshot().value).toBe('exhausted');
    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('behavior: a response that arrives after a reset is ignored (the fetcher ignores its abort signal)', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset', params: { sort: 'newest' } });
    const stale = fetch.last();
    actor.send({ type: 'list.reset', params: { sort: 'oldest' } });
    expect(stale.signal.aborted).toBe(true);
    stale.resolve(FIRST_PAGE);
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(ids()).toEqual([]);
    fetch.last().resolve(LAST_PAGE);
    await flush();
    expect(ids()).toEqual(['d']);
    expect(actor.getSnapshot().context.params).toEqual({ sort: 'oldest' });
  });

  it('behavior: the request-id guard drops an answer stamped for an earlier request even if it is delivered', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset' });
    actor.send({ type: 'list.reset' });
    const { requestId } = actor.getSnapshot().context;
    expect(requestId).toBe(2);
    const late: AnyEventObject = { type: 'xstate.done.actor.fetchPage', output: { requestId: 1, page: FIRST_PAGE } };
    actor.send(late as never);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(ids()).toEqual([]);
    const lateFailure = { type: 'xstate.error.actor.fetchPage', error: { requestId: 1 } };
    actor.send(lateFailure as never);
    expect(actor.getSnapshot().value).toBe('loading');
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    expect(ids()).toEqual(['a', 'b']);
  });

  it('behavior: a failure keeps the loaded items; retry asks for the same page again', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset' });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    actor.send({ type: 'list.loadMore' });
    fetch.last().reject(new Error('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    expect(ids()).toEqual(['a', 'b']);
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fetch.last().input.after).toBe('c-b');
  });

  it('behavior: reset without params keeps the current params and clears items and cursors (not the item height)', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset', params: { sort: 'highest_price' } });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    actor.send({ type: 'list.measured', itemHeight: 409 });
    actor.send({ type: 'list.reset' });
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ cursors: [], itemHeight: 409, pageInfo: null, totalCount: 0 });
    expect(fetch.last().input).toEqual({ params: { sort: 'highest_price' }, after: null, perPage: 15 });
  });

  it('behavior: items per row are measured with the height; a height alone keeps them, a new count alone is a new layout', async () => {
    const { actor, fetch } = startList();
    actor.send({ type: 'list.reset', params: { sort: 'newest' } });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ itemHeight: null, columns: null });
    actor.send({ type: 'list.measured', itemHeight: 409, columns: 4 });
    expect(actor.getSnapshot().context).toMatchObject({ itemHeight: 409, columns: 4 });
    actor.send({ type: 'list.measured', itemHeight: 380 });
    expect(actor.getSnapshot().context).toMatchObject({ itemHeight: 380, columns: 4 });
    actor.send({ type: 'list.measured', itemHeight: 380, columns: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ itemHeight: 380, columns: 2 });
  });

  it('persistence: a persisted ready list restores items and item height and keeps paging', async () => {
    const first = startList();
    first.actor.send({ type: 'list.reset', params: { sort: 'newest' } });
    first.fetch.last().resolve(FIRST_PAGE);
    await flush();
    first.actor.send({ type: 'list.measured', itemHeight: 409 });
    const stored = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot()));
    first.actor.stop();

    const restored = startList(stored);
    expect(restored.actor.getSnapshot().value).toBe('ready');
    expect(restored.actor.getSnapshot().context).toEqual(first.actor.getSnapshot().context);
    expect(restored.actor.getSnapshot().context.itemHeight).toBe(409);
    restored.actor.send({ type: 'list.loadMore' });
    expect(restored.fetch.last().input).toEqual({ params: { sort: 'newest' }, after: 'c-b', perPage: 15 });
    restored.fetch.last().resolve(SECOND_PAGE);
    await flush();
    expect(restored.ids()).toEqual(['a', 'b', 'c']);
  });

  it('persistence: a list persisted while loading asks for the same page again when restored', async () => {
    const first = startList();
    first.actor.send({ type: 'list.reset', params: { sort: 'oldest' } });
    const stored = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot()));
    first.actor.stop();

    const restored = startList(stored);
    expect(restored.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(restored.fetch.last().input).toEqual({ params: { sort: 'oldest' }, after: null, perPage: 15 });
    restored.fetch.last().resolve(FIRST_PAGE);
    await flush();
    expect(restored.actor.getSnapshot().value).toBe('ready');
    expect(restored.ids()).toEqual(['a', 'b']);
  });

  it('restore: a list created from a kept list shows all its pages at once, then pages on after its last cursor', async () => {
    const fetch = controlled<Page<Art>, FetchPageInput<ListParams>>();
    const kept = { items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], cursors: ['c-a', 'c-b', 'c-c'], totalCount: 4, pageInfo: SECOND_PAGE.pageInfo, itemHeight: 409 };
    const actor = createActor(machine.provide({ actors: { fetchPage: fetchPageActor(fetch.fn) } }), {
      input: { pageSize: 15, params: { sort: 'oldest' }, load: true, kept },
    }).start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ items: kept.items, totalCount: 4, itemHeight: 409 });
    expect(fetch.calls).toHaveLength(0);
    actor.send({ type: 'list.loadMore' });
    expect(fetch.last().input).toEqual({ params: { sort: 'oldest' }, after: 'c-c', perPage: 15 });
  });

  it('restore: without a kept list, `load` starts on page 1 at creation', () => {
    const fetch = controlled<Page<Art>, FetchPageInput<ListParams>>();
    const actor = createActor(machine.provide({ actors: { fetchPage: fetchPageActor(fetch.fn) } }), {
      input: { pageSize: 15, params: { sort: 'oldest' }, load: true },
    }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch.last().input).toEqual({ params: { sort: 'oldest' }, after: null, perPage: 15 });
  });

  it('live: lists.stale keeps the shown items until page 1 arrives, then replaces them', async () => {
    const { actor, fetch, ids } = startList();
    actor.send({ type: 'list.reset', params: { sort: 'newest' } });
    fetch.last().resolve(FIRST_PAGE);
    await flush();
    actor.send({ type: 'list.loadMore' });
    fetch.last().resolve(SECOND_PAGE);
    await flush();
    expect(ids()).toEqual(['a', 'b', 'c']);
    actor.send({ type: 'lists.stale' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(fetch.last().input).toEqual({ params: { sort: 'newest' }, after: null, perPage: 15 });
    fetch.last().resolve({ totalCount: 5, pageInfo: FIRST_PAGE.pageInfo, edges: [{ cursor: 'c-z', node: { id: 'z' } }, ...FIRST_PAGE.edges] });
    await flush();
    expect(ids()).toEqual(['z', 'a', 'b']);
    expect(actor.getSnapshot().context).toMatchObject({ totalCount: 5, cursors: ['c-z', 'c-a', 'c-b'] });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('default: without a provided fetchPage the list fails with a clear message', async () => {
    const actor = createActor(pagedListMachine, { input: { pageSize: PAGE_SIZE.default } }).start();
    actor.send({ type: 'list.reset' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatch(/fetchPage" not provided/);
  });

  it('behavior: a plain fromPromise without the request stamp fails loudly instead of hanging', async () => {
    const unstamped = fromPromise(async () => FIRST_PAGE);
    const actor = createActor(machine.provide({ actors: { fetchPage: unstamped as never } }), {
      input: { pageSize: 15 },
    });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'list.reset' });
    await flush();
    expect(String(errors[0])).toMatch(/fetchPageActor\(fetcher\)/);
  });
});
