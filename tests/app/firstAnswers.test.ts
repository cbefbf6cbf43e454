// The app's side of a navigation's first answers (src/services/firstAnswers.ts): a read takes the page's answer once,
// anonymous and while the page is fresh; every other read goes to the server.
import { describe, expect, it } from 'vitest';
import { answerResponse, firstAnswers, type AnswerSource } from '../../src/services/firstAnswers';

const NOW = 1_800_000_000_000;
const TOKEN = { getTokenFromHolding: { id: '7', name: '</script>' } };

function source(page: unknown, options: { fromHistory?: boolean; now?: () => number } = {}): AnswerSource {
  return { text: () => (page === null ? null : JSON.stringify(page)), fromHistory: () => options.fromHistory ?? false, now: options.now ?? (() => NOW) };
}

const page = { at: NOW - 1_000, answers: [{ operationName: 'getTokenFromHolding', variables: { id: '7' }, data: TOKEN }] };
const post = (operationName: string, variables: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ operationName, query: 'query …', variables }),
});

describe('first answers in the page', () => {
  it('the matching read takes its answer as a 200 JSON response, once, with the server time; the next asks the server', async () => {
    const answers = firstAnswers(source(page));
    const taken = answers.take(post('getTokenFromHolding', { id: '7' }));
    expect(taken?.at).toBe(page.at);
    const response = taken && answerResponse(taken);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toContain('application/json');
    expect(await response?.json()).toEqual({ data: TOKEN });
    expect(answers.take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
  });

  it('another operation or other variables take nothing, and leave the answer for its own read', () => {
    const answers = firstAnswers(source(page));
    expect(answers.take(post('getOffersByToken', { token: '7' }))).toBeNull();
    expect(answers.take(post('getTokenFromHolding', { id: '8' }))).toBeNull();
    expect(answers.take(post('getTokenFromHolding', { id: '7' }))).not.toBeNull();
  });

  it('variables match whatever the order of their keys', () => {
    const answers = firstAnswers(source({ at: NOW, answers: [{ operationName: 'list', variables: { a: 1, b: { c: 2, d: 3 } }, data: { ok: true } }] }));
    expect(answers.take(post('list', { b: { d: 3, c: 2 }, a: 1 }))).not.toBeNull();
  });

  it('the current exhibition\'s read matches whatever its cDate (the moment the server or the app asked), like its offline copy', () => {
    const exhibition = { at: NOW, answers: [{ operationName: 'getCurrentExhibition', variables: { cDate: new Date(NOW - 200).toISOString() }, data: { getCurrentExhibition: null } }] };
    const answers = firstAnswers(source(exhibition));
    expect(answers.take(post('getPastExhibitions', { cDate: new Date(NOW).toISOString() }))).toBeNull();
    expect(answers.take(post('getCurrentExhibition', { cDate: new Date(NOW).toISOString() }))).not.toBeNull();
  });

  it('a read with credentials, a GET or a body that is not JSON takes nothing', () => {
    const answers = firstAnswers(source(page));
    expect(answers.take(post('getTokenFromHolding', { id: '7' }, { Authorization: 'Bearer key' }))).toBeNull();
    expect(answers.take({ method: 'GET' })).toBeNull();
    expect(answers.take({ method: 'POST', body: 'not json' })).toBeNull();
    expect(answers.take(undefined)).toBeNull();
    expect(answers.take(post('getTokenFromHolding', { id: '7' }))).not.toBeNull();
  });

  it('none from a page the back/forward history kept, one older than 30 s, one without answers or not JSON', () => {
    expect(firstAnswers(source(page, { fromHistory: true })).take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
    expect(firstAnswers(source({ ...page, at: NOW - 30_001 })).take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
    expect(firstAnswers(source(null)).take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
    expect(firstAnswers({ ...source(null), text: () => '{oops' }).take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
  });

  it('a page read fresh goes stale: a read 30 s after the server made it asks the server', () => {
    let now = NOW;
    const answers = firstAnswers(source({ ...page, at: NOW }, { now: () => now }));
    expect(answers.take(post('other', {}))).toBeNull();
    now = NOW + 30_001;
    expect(answers.take(post('getTokenFromHolding', { id: '7' }))).toBeNull();
  });
});
