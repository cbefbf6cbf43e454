import { describe, expect } from 'vitest';
import { type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createArtistPageMachine, type ArticleBodyRequest, type ArtistPageShape } from '../../machines/artists/artistPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';
import { startInFakeSystem } from './tokenPageFakeSystem';

interface Artist extends ArtistPageShape {
  displayName: string;
}

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const WITH_ARTICLE: Artist = { displayName: 'Mara Vale', articles: [{ id: '4', title: 'A conversation with Mara Vale', mediaUrl: '/ipfs/bafyarticle' }, { id: '9', title: 'Later', mediaUrl: '/ipfs/bafylater' }] };
const WITHOUT_ARTICLE: Artist = { displayName: 'Oskar Lind', articles: [] };
const BODY = '<p>The work starts with a rule.</p>';

const machine = createArtistPageMachine<Artist, string>();
const input = { id: ADDRESS };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

// Concrete payloads: an artist with articles, one without, no record, a failed lookup; the article read or failing.
const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchArtist', output: WITH_ARTICLE } as EventObject,
  { type: 'xstate.done.actor.fetchArtist', output: WITHOUT_ARTICLE } as EventObject,
  { type: 'xstate.done.actor.fetchArtist', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchArtist', error: new Error('Invalid artist_id') } as EventObject,
  // Offline: the data layer's NetworkError (no answer at all).
  { type: 'xstate.error.actor.fetchArtist', error: Object.assign(new Error('The network is unavailable. Check your connection and try again.'), { name: 'NetworkError' }) } as EventObject,
  { type: 'artist.retry' },
  { type: 'xstate.done.actor.fetchArticleHtml', output: BODY } as EventObject,
  { type: 'xstate.error.actor.fetchArticleHtml', error: new Error('Request failed with status 404') } as EventObject,
];

const model = createMachineTestModel(machine, { input, project, events });
const paths = modelPaths(model);

function harness() {
  const fetchArtist = controlled<Artist | null, { id: string }>();
  const fetchArticle = controlled<string, ArticleBodyRequest>();
  let system: ReturnType<typeof startInFakeSystem> | undefined;
  const real = () => {
    if (!system) throw new Error('actor not started');
    return system.flow().getSnapshot() as AnyMachineSnapshot;
  };
  const settle = (call: { resolve(value: never): void; reject(reason: unknown): void }, event: EventObject) =>
    event.type.startsWith('xstate.done') ? call.resolve((event as unknown as { output: never }).output) : call.reject((event as unknown as { error: Error }).error);
  return {
    stop: () => system?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          // The real notifications path, inside a stand-in of the app's system.
          system = startInFakeSystem(machine.provide({ actors: { fetchArtist: fetchArtist.logic, fetchArticleHtml: fetchArticle.logic } }), input);
        },
        'xstate.done.actor.fetchArtist': async (step: { event: EventObject }) => {
          settle(fetchArtist.last(), step.event);
          await flush();
        },
        'xstate.error.actor.fetchArtist': async (step: { event: EventObject }) => {
          settle(fetchArtist.last(), step.event);
          await flush();
        },
        'xstate.done.actor.fetchArticleHtml': async (step: { event: EventObject }) => {
          settle(fetchArticle.last(), step.event);
          await flush();
        },
        'xstate.error.actor.fetchArticleHtml': async (step: { event: EventObject }) => {
          settle(fetchArticle.last(), step.event);
          await flush();
        },
        'artist.retry': async () => {
          system!.flow().send({ type: 'artist.retry' });
          await flush();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          // Asked by the route's address (once, or once more after each Retry); nothing shown, nothing announced yet.
          expect(fetchArtist.calls.length).toBeGreaterThan(0);
          expect(fetchArtist.calls.every((call) => JSON.stringify(call.input) === JSON.stringify({ id: ADDRESS }))).toBe(true);
          expect(fetchArtist.last().signal.aborted).toBe(false);
          expect(snap.context).toEqual({ id: ADDRESS, artist: null, articleHtml: null });
          expect(system!.notices()).toEqual([]);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect([WITH_ARTICLE, WITHOUT_ARTICLE]).toContainEqual(snap.context.artist);
          expect(system!.notices()).toEqual([]);
        },
        'ready.loadingArticle': (snap) => {
          // The first article's body, by its mediaUrl (the title lets the service drop the repeated heading).
          expect(snap.context.artist).toEqual(WITH_ARTICLE);
          expect(fetchArticle.calls.map((call) => call.input)).toEqual([{ mediaUrl: '/ipfs/bafyarticle', title: 'A conversation with Mara Vale' }]);
          expect(fetchArticle.last().signal.aborted).toBe(false);
          expect(snap.context.articleHtml).toBeNull();
        },
        'ready.shown': (snap) => {
          expect(snap.context.artist).toEqual(WITH_ARTICLE);
          expect(snap.context.articleHtml).toBe(BODY);
        },
        'ready.unavailable': (snap) => {
          // No article, or one whose body could not be read: the page shows the rest (and the article's title).
          expect(snap.context.articleHtml).toBeNull();
          if ((snap.context.artist as Artist).articles.length === 0) expect(fetchArticle.calls).toEqual([]);
          else expect(fetchArticle.calls).toHaveLength(1);
        },
        noInformation: (snap) => {
          expect(snap.context.artist).toBeNull();
          expect(system!.notices()).toEqual([{ kind: 'error', text: 'No artist information for this account' }]);
          expect(fetchArticle.calls).toEqual([]);
        },
        offline: (snap) => {
          // See docs/requirements.md#artists refined (offline-first): no answer is not 'We could not find this artist'; nothing announced.
          expect(snap.context.artist).toBeNull();
          expect(system!.notices()).toEqual([]);
          expect(fetchArticle.calls).toEqual([]);
          expect(snap.can({ type: 'artist.retry' })).toBe(true);
        },
        notFound: (snap) => {
          expect(snap.context.artist).toBeNull();
          expect(system!.notices()).toEqual([{ kind: 'error', text: 'We could not find this artist' }]);
          expect(fetchArticle.calls).toEqual([]);
        },
      }),
    },
  };
}

describe('artistPageMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});
