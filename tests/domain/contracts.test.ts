import { describe, expect, it } from 'vitest';
import { answers, parseAnswer, type AnswerName } from '../../domain/contracts/answers';

// Each REST answer's contract (domain/contracts) takes the answer the server gives (one sample per contract, as
// tests/server/contracts.test.ts reads them from the real routes) and refuses one that is not it.
const account = { id: '1', address: '0xaa', alias: 'alice', isCreator: true, isBanned: false, avatar: null, firstName: null, lastName: null };
const canvas = {
  id: '7', name: 'Harbour', symbol: 'HBR', description: '', mediaType: 'image', state: 'building', cover: null, supplyPerToken: 1,
  royaltiesBasispoints: 500, attributes: null, tokenCount: 0, createdAt: '2026-12-05T00:00:00.000Z', shareToken: 's', address: null, chainId: 31337,
};
const samples: { [N in AnswerName]: { good: unknown; bad: unknown } } = {
  config: {
    good: {
      evms: [{ chainId: 31337, name: 'Hardhat', providerURL: 'http://x', symbol: 'ETH', blockExplorerUrl: null, contracts: { marketplace: null, collectionFactory: null }, tokenCurrencies: [] }],
      ipfs: { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumbnail/' }, maxFileSize: 1, maxVideoSize: 2, suggestedRoyalty: 500, isLocalDemoChain: true,
      artistApplicationUrl: 'https://a', humanCheck: { provider: 'altcha' }, contentOrigin: 'http://c',
    },
    bad: { evms: [], ipfs: null },
  },
  nonce: { good: { nonce: 'n', expiresAt: '2026-12-05T00:00:00.000Z' }, bad: { nonce: 1 } },
  login: { good: { account, apiKey: { address: '0xaa', key: 'k', expires: 1 } }, bad: { account, apiKey: { key: 'k' } } },
  account: { good: account, bad: { ...account, id: 1 } },
  revoked: { good: { revoked: true }, bad: { revoked: false } },
  accountLikes: { good: { likes: [{ _id: '1', token_id: '2' }] }, bad: { likes: [{ _id: 1 }] } },
  like: { good: { _id: '1', token_id: '2', account_id: '0xaa', likesCount: 1 }, bad: { _id: '1', token_id: '2', likesCount: '1' } },
  unlike: { good: { token_id: '2', likesCount: 0 }, bad: { token_id: 2, likesCount: 0 } },
  commentPosted: {
    good: { id: '1', text: 'Hi', parent_id: null, level: 0, deleted: false, createdAt: 'x', updatedAt: 'x', votes: 0, myVote: null, userInfo: { address: '0xaa', alias: null, avatar: null, firstName: null, lastName: null } },
    bad: { id: '1', text: 'Hi', parent_id: null, level: 0 },
  },
  commentEdited: { good: { id: '1', text: 'Hi', updatedAt: 'x' }, bad: { id: '1', updatedAt: 'x' } },
  commentDeleted: { good: { id: '1', deleted: true, text: '', updatedAt: 'x' }, bad: { id: '1', deleted: false, text: '', updatedAt: 'x' } },
  commentVoted: { good: { id: '1', votes: 2, myVote: -1 }, bad: { id: '1', votes: null, myVote: -1 } },
  canvas: { good: canvas, bad: { ...canvas, state: 'lost' } },
  canvasToken: { good: { tokenId: '1', name: 'a', description: null, mediaType: 'image', mediaUrl: null, thumbnailUrl: null, filename: null }, bad: { tokenId: 1, name: 'a' } },
  deleted: { good: { id: '7', deleted: true }, bad: { id: '7' } },
  publish: {
    good: { factory: '0xf', chainId: 1, name: 'n', symbol: 's', howManyTokens: 2, supplyPerToken: 1, baseURI: 'ipfs://c/', royaltiesRecipient: '0xaa', royaltiesBasispoints: 500 },
    bad: { factory: '0xf', chainId: '1' },
  },
  tradeCheck: { good: { ok: true }, bad: { ok: 'yes' } },
};

describe('REST answer contracts', () => {
  it('every contract has a sample here', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(answers).sort());
  });

  for (const name of Object.keys(samples) as AnswerName[]) {
    it(`${name}: takes the server's answer and refuses a malformed one (and a failure page's text)`, () => {
      expect(parseAnswer(name, samples[name].good)).toMatchObject({ ok: true });
      const bad = parseAnswer(name, samples[name].bad);
      expect(bad.ok).toBe(false);
      expect(bad.ok ? '' : bad.issues).toMatch(/: /);
      expect(parseAnswer(name, 'Something went wrong').ok).toBe(false);
      expect(parseAnswer(name, null).ok).toBe(false);
    });
  }

  it('an answer is read as its contract: unknown fields are dropped', () => {
    expect(parseAnswer('unlike', { token_id: '2', likesCount: 0, extra: 1 })).toEqual({ ok: true, answer: { token_id: '2', likesCount: 0 } });
  });
});
