// The wire contracts (domain/contracts) against the real routes: the client's own service functions call the
// in-process server (PGlite) and parse each answer with its contract, so a route whose answer drifts from its
// contract fails here, not in a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnswer, type Answer, type AnswerName } from '../../domain/contracts/answers.js';
import type { ApiKeyCredentials, AuthFetchOptions } from '../../src/services/authFetch.js';
import { deleteComment, postComment, updateComment, voteComment } from '../../src/services/comments.js';
import { fetchAccountLikes, likeToken, unlikeToken } from '../../src/services/likes.js';
import { createCanvas, deleteCanvas, deleteCanvasToken, finalizeCanvas, getCanvas, getCanvasToken, updateCanvas, updateCanvasToken } from '../../src/services/studio/api.js';
import { ALICE, getNonce, login, signedRequest } from './authFixtures.js';
import { canvasWorld, type CanvasWorld } from './canvasFixtures.js';

describe('REST answers read as their contracts (PGlite)', () => {
  let w: CanvasWorld;
  let via: AuthFetchOptions;
  const parsed = <N extends AnswerName>(name: N, body: unknown): Answer<N> => {
    const result = parseAnswer(name, body);
    if (!result.ok) throw new Error(`${name}: ${result.issues}`);
    return result.answer;
  };

  beforeAll(async () => {
    w = await canvasWorld('pglite');
    via = { fetch: async (input, init) => w.server.app.request(input, init) };
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('the public config, the login nonce, the login and the sign-out', async () => {
    const config = await (await w.server.app.request('/api/v1/config')).json();
    expect(parsed('config', config)).toMatchObject({ evms: [{ chainId: 31337 }], humanCheck: { provider: 'altcha' } });
    expect(parsed('nonce', await getNonce(w.server)).nonce).toBeTruthy();
    const signedIn = await login(w.server, ALICE);
    expect(parsed('login', signedIn)).toMatchObject({ account: { address: ALICE.address.toLowerCase() }, apiKey: { key: signedIn.apiKey.key } });
    const revoked = await signedRequest(w.server, '/account/session', { method: 'DELETE' }, signedIn.apiKey as ApiKeyCredentials);
    expect(parsed('revoked', await revoked.json())).toEqual({ revoked: true });
  });

  it('the studio: a canvas created, read, edited and finalized; its token read, renamed and deleted; the canvas deleted', async () => {
    const details = { ...w.details(), mediaType: 'image' as const };
    const created = await createCanvas(w.keys.alice, details, null, via);
    expect(created).toMatchObject({ name: 'Harbour Lights', state: 'building', mediaType: 'image' });
    expect(await getCanvas(w.keys.alice, created.id, via)).toMatchObject({ id: created.id, shareToken: created.shareToken });
    expect(await updateCanvas(w.keys.alice, created.id, { ...details, name: 'Harbour Nights' }, null, via)).toMatchObject({ name: 'Harbour Nights' });
    const [token] = await w.addTokens(created.id, ['first', 'second']);
    expect(await getCanvasToken(w.keys.alice, created.id, token!.tokenId, via)).toMatchObject({ tokenId: token!.tokenId, name: 'first' });
    expect(await updateCanvasToken(w.keys.alice, created.id, token!.tokenId, { name: 'renamed', description: 'lit' }, via)).toMatchObject({ name: 'renamed', description: 'lit' });
    await deleteCanvasToken(w.keys.alice, created.id, token!.tokenId, via);
    expect(await finalizeCanvas(w.keys.alice, created.id, via)).toMatchObject({ state: 'finalized', tokenCount: 1 });
    await w.setState(created.id, 'building');
    await expect(deleteCanvas(w.keys.alice, created.id, via)).resolves.toBeUndefined();
  });

  it('likes and comments on a token the signed-in creator may see', async () => {
    const canvas = await createCanvas(w.keys.bob, { ...w.details(), mediaType: 'image' }, null, via);
    const [token] = await w.addTokens(canvas.id, ['liked']);
    const tokenId = String(token!.id);
    expect(await likeToken(w.keys.bob, tokenId, via)).toMatchObject({ token_id: tokenId, likesCount: 1 });
    expect(await fetchAccountLikes(w.keys.bob, undefined, via)).toEqual([expect.objectContaining({ token_id: tokenId })]);
    expect(await unlikeToken(w.keys.bob, tokenId, via)).toEqual({ token_id: tokenId, likesCount: 0 });

    const comment = await postComment(w.keys.bob, { tokenId, parentId: null, text: ' First light. ' }, undefined, via);
    expect(comment).toMatchObject({ text: 'First light.', parent_id: null, level: 0, votes: 0, replies: [] });
    const reply = await postComment(w.keys.bob, { tokenId, parentId: comment.id, text: 'Agreed.' }, undefined, via);
    expect(reply).toMatchObject({ parent_id: comment.id, level: 1 });
    expect(await updateComment(w.keys.bob, comment.id, 'Last light.', undefined, via)).toMatchObject({ id: comment.id, text: 'Last light.' });
    expect(await voteComment(w.keys.bob, comment.id, 1, undefined, via)).toEqual({ id: comment.id, votes: 1, myVote: 1 });
    expect(await deleteComment(w.keys.bob, reply.id, undefined, via)).toMatchObject({ id: reply.id, deleted: true });
  });
});
