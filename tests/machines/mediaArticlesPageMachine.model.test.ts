import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import {
  createMediaArticlesPageMachine,
  type ArticlesPage,
  type MediaArticlesEvent,
  type MediaArticlesFirstLoad,
} from '../../machines/articles/mediaArticlesPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Article {
  id: string;
  title: string;
}

const FEATURED: Article = { id: '3', title: 'In the studio with Mara Vale' };
const NEWEST: Article = { id: '9', title: 'Systems of Light opens' };
const SECOND: Article = { id: '8', title: 'What a seed remembers' };
const OLDER: Article = { id: '2', title: 'A conversation with Ada Nwosu' };
/** A first load with a featured article and a further page to come. */
const FIRST_MORE: MediaArticlesFirstLoad<Article> = { featured: FEATURED, articles: [NEWEST, SECOND], page: 1, hasNextPage: true };
/** A first load with no featured article and no article at all. */
const FIRST_EMPTY: MediaArticlesFirstLoad<Article> = { featured: null, articles: [], page: 1, hasNextPage: false };
const PAGE_2: ArticlesPage<Article> = { articles: [OLDER], page: 2, hasNextPage: false };

const machine = createMediaArticlesPageMachine<Article>();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchFirst', output: FIRST_MORE } as EventObject,
  { type: 'xstate.done.actor.fetchFirst', output: FIRST_EMPTY } as EventObject,
  { type: 'xstate.error.actor.fetchFirst', error: new Error('Request failed with status 500') } as EventObject,
  { type: 'xstate.done.actor.fetchPage', output: PAGE_2 } as EventObject,
  { type: 'xstate.error.actor.fetchPage', error: new Error('Network error') } as EventObject,
];

const model = createMachineTestModel(machine, { project, events });
// Simple paths to the whole list: directly, through a failed first load and its retry, and through a failed
// further page and its second try.
const paths = modelPaths(model, { toState: (state) => state.matches({ ready: 'idle' }) && state.context.page === 2 });

function harness() {
  const fetchFirst = controlled<MediaArticlesFirstLoad<Article>>();
  const fetchPage = controlled<ArticlesPage<Article>, { page: number }>();
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(machine.provide({ actors: { fetchFirst: fetchFirst.logic, fetchPage: fetchPage.logic } })).start();
        },
        'xstate.done.actor.fetchFirst': async (step: { event: EventObject }) => {
          fetchFirst.last().resolve((step.event as unknown as { output: MediaArticlesFirstLoad<Article> }).output);
          await flush();
        },
        'xstate.error.actor.fetchFirst': async (step: { event: EventObject }) => {
          fetchFirst.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'xstate.done.actor.fetchPage': async (step: { event: EventObject }) => {
          fetchPage.last().resolve((step.event as unknown as { output: ArticlesPage<Article> }).output);
          await flush();
        },
        'xstate.error.actor.fetchPage': async (step: { event: EventObject }) => {
          fetchPage.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'article.retry': (step: { event: EventObject }) => {
          const calls = fetchFirst.calls.length;
          actor!.send(step.event as MediaArticlesEvent);
          // A retry asks again, for the featured article and the first page.
          expect(fetchFirst.calls).toHaveLength(calls + 1);
        },
        'articles.more': (step: { event: EventObject }) => {
          const calls = fetchPage.calls.length;
          const allowed = actor!.getSnapshot().can(step.event as MediaArticlesEvent);
          actor!.send(step.event as MediaArticlesEvent);
          // The next page after the last one loaded; nothing is asked once the last page is in.
          expect(fetchPage.calls).toHaveLength(allowed ? calls + 1 : calls);
          if (allowed) expect(fetchPage.last().input).toEqual({ page: 2 });
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchFirst.last().signal.aborted).toBe(false);
          expect(snap.context.articles).toEqual([]);
          expect(snap.context.featured).toBeNull();
          expect(snap.can({ type: 'articles.more' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.context.page).toBeGreaterThan(0);
          expect(snap.can({ type: 'article.retry' })).toBe(false);
        },
        'ready.idle': (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.error).toBeNull();
          if (snap.context.featured === null) {
            // The empty first load: nothing more to ask for.
            expect(snap.context).toMatchObject({ articles: [], hasNextPage: false });
            expect(snap.can({ type: 'articles.more' })).toBe(false);
          } else if (snap.context.page === 1) {
            expect(snap.context).toMatchObject({ featured: FEATURED, articles: [NEWEST, SECOND], hasNextPage: true });
            expect(snap.can({ type: 'articles.more' })).toBe(true);
          } else {
            // The second page appended after the first, in order; the last page.
            expect(snap.context).toMatchObject({ featured: FEATURED, articles: [NEWEST, SECOND, OLDER], page: 2, hasNextPage: false });
            expect(snap.can({ type: 'articles.more' })).toBe(false);
          }
        },
        'ready.loadingMore': (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchPage.last().signal.aborted).toBe(false);
          // The cards already loaded stay on screen.
          expect(snap.context.articles).toEqual([NEWEST, SECOND]);
          expect(snap.can({ type: 'articles.more' })).toBe(false);
        },
        'ready.moreFailed': (snap) => {
          expect(snap.context.error).toBe('Network error');
          expect(snap.context.articles).toEqual([NEWEST, SECOND]);
          expect(snap.can({ type: 'articles.more' })).toBe(true);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Request failed with status 500');
          expect(snap.context.articles).toEqual([]);
          expect(snap.can({ type: 'article.retry' })).toBe(true);
          expect(snap.can({ type: 'articles.more' })).toBe(false);
        },
      }),
    },
  };
}

describe('mediaArticlesPageMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);

});
