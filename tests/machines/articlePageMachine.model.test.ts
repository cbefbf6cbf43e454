import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import { createArticlePageMachine, type ArticlePageEvent } from '../../machines/artists/articlePageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Article {
  title: string;
  body: string;
}

const ARTICLE: Article = { title: 'A conversation with Mara Vale', body: '<p>The work starts with a rule.</p>' };
const machine = createArticlePageMachine<Article>();
const input = { id: '4' };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchArticle', output: ARTICLE } as EventObject,
  { type: 'xstate.done.actor.fetchArticle', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchArticle', error: new Error('Request failed with status 500') } as EventObject,
];

const model = createMachineTestModel(machine, { input, project, events });
// Simple paths to the loaded article: directly, and through a failure and its retry.
const paths = modelPaths(model, { toState: (state) => state.matches('ready') });

function harness() {
  const fetchArticle = controlled<Article | null, { id: string }>();
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
          actor = createActor(machine.provide({ actors: { fetchArticle: fetchArticle.logic } }), { input }).start();
        },
        'xstate.done.actor.fetchArticle': async (step: { event: EventObject }) => {
          fetchArticle.last().resolve((step.event as unknown as { output: Article | null }).output);
          await flush();
        },
        'xstate.error.actor.fetchArticle': async (step: { event: EventObject }) => {
          fetchArticle.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'article.retry': (step: { event: EventObject }) => {
          const calls = fetchArticle.calls.length;
          actor!.send(step.event as ArticlePageEvent);
          // A retry asks again.
          expect(fetchArticle.calls).toHaveLength(calls + 1);
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchArticle.last().input).toEqual({ id: '4' });
          expect(fetchArticle.last().signal.aborted).toBe(false);
          expect(snap.context.article).toBeNull();
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.article).toEqual(ARTICLE);
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'article.retry' })).toBe(false);
        },
        notFound: (snap) => {
          expect(snap.context.article).toBeNull();
          expect(snap.can({ type: 'article.retry' })).toBe(false);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Request failed with status 500');
          expect(snap.context.article).toBeNull();
          expect(snap.can({ type: 'article.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('articlePageMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});
