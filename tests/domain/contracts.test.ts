import { describe, expect, it } from 'vitest';
import { answers, parseAnswer, type AnswerName } from '../../domain/contracts/answers';
import { loginRequest } from '../../domain/contracts/account';
import { commentPostRequest, commentVoteRequest } from '../../domain/contracts/comments';
import { likeIdParam, likeRequest } from '../../domain/contracts/likes';
import { tradeCheckRequest } from '../../domain/contracts/trade';
import { wireId } from '../../domain/contracts/wire';
import { articleAnswer, articleIdParam, articleListQuery, articlePageAnswer } from '../../domain/contracts/articles';
import { artistAddressParam } from '../../domain/contracts/artists';
import { collectionIdParam } from '../../domain/contracts/collections';

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
  turnstileSiteKey: { good: { siteKey: '0x4AAA' }, bad: { siteKey: 42 } },
  contactSent: { good: { success: true }, bad: { success: false } },
  artistSaved: {
    good: {
      account: { firstName: 'Ada', lastName: null, web: null, twitter: null, instagram: null }, cover: null, description: 'd', comments: null,
      featuredArtworkDescription: null, featuredTokenId: 3, highlights: [{ date: '2020', achievement: 'Show' }], portfolio: { context: '', items: [] },
    },
    bad: { account: { firstName: 'Ada' }, cover: null, highlights: null },
  },
  collectionSaved: { good: { id: '4', description: 'Night', cover: '/ipfs/bafy' }, bad: { id: 4, description: 'Night', cover: null } },
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

// The request contracts are what the server reads (server/accounts/routes.ts, server/comments/routes.ts parse with
// them): the client's body type is their input, the server's values their output.
describe('request contracts', () => {
  const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
  const login = { message: 'Sign in', signature: '0xab', apiKey: { address, alias: '  me  ', expires: 1_900_000_000_000 } };
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('login: the address lowercased, the alias trimmed, expires as a date from epoch ms or an ISO date', () => {
    expect(loginRequest.parse(login)).toEqual({ ...login, apiKey: { address: address.toLowerCase(), alias: 'me', expires: new Date(1_900_000_000_000) } });
    expect(loginRequest.parse({ ...login, apiKey: { ...login.apiKey, expires: '2030-01-01T00:00:00Z' } }).apiKey.expires).toEqual(new Date('2030-01-01T00:00:00Z'));
  });

  it('login: a bad address, signature or expiry is refused with its rule', () => {
    expect(issue(loginRequest.safeParse({ ...login, apiKey: { ...login.apiKey, address: '0x12' } }))).toBe('must be a 0x-prefixed 20-byte hex address');
    expect(issue(loginRequest.safeParse({ ...login, signature: 'ab' }))).toBe('must be a 0x-prefixed hex signature');
    expect(issue(loginRequest.safeParse({ ...login, apiKey: { ...login.apiKey, expires: 9e15 } }))).toBe('must be a date: epoch milliseconds up to 8.64e15 or an ISO date');
    expect(loginRequest.safeParse({ ...login, apiKey: { ...login.apiKey, expires: -1 } }).success).toBe(false);
    expect(loginRequest.safeParse({ ...login, message: '' }).success).toBe(false);
  });

  it('comments: ids as text or numbers are read as numbers; a reply names its parent; a vote is 1 or -1, also as form text', () => {
    expect(commentPostRequest.parse({ token_id: '12', text: 'Hi' })).toEqual({ token_id: 12, text: 'Hi' });
    expect(commentPostRequest.parse({ token_id: 12, parent_id: '3', text: 'Hi' })).toEqual({ token_id: 12, parent_id: 3, text: 'Hi' });
    expect(issue(commentPostRequest.safeParse({ token_id: '012', text: 'Hi' }))).toBe('must be a database id');
    expect(issue(wireId.safeParse('abc'))).toBe('must be a database id');
    expect(commentVoteRequest.parse({ value: '-1' })).toEqual({ value: -1 });
    expect(commentVoteRequest.parse({ value: 1 })).toEqual({ value: 1 });
    expect(issue(commentVoteRequest.safeParse({ value: 2 }))).toBe('value must be 1 or -1');
  });
});

describe('likes and trade check requests', () => {
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('a like names its token by id, as form text or a number; a path id is trimmed', () => {
    expect(likeRequest.parse({ token_id: '5' })).toEqual({ token_id: 5 });
    expect(likeRequest.parse({ token_id: 5 })).toEqual({ token_id: 5 });
    expect(likeIdParam.parse(' 12 ')).toBe(12);
    expect(issue(likeRequest.safeParse({ token_id: '05' }))).toBe('must be a positive integer id');
  });

  it('a trade check: ids read as numbers, on-chain ids as canonical text, the address lowercased; bad ones refused by rule', () => {
    const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    expect(tradeCheckRequest.parse({ kind: 'list', chainId: '31337', collection: address, tokenId: '0009', price: 1 })).toEqual({
      kind: 'list', chainId: 31337, collection: address.toLowerCase(), tokenId: '9', price: '1',
    });
    expect(tradeCheckRequest.parse({ kind: 'order', chainId: 1, saleId: 7, token_id: '3', price: '0.05' })).toEqual({ kind: 'order', chainId: 1, saleId: '7', token_id: 3, price: '0.05' });
    expect(issue(tradeCheckRequest.safeParse({ kind: 'offer', chainId: 1, saleId: '-1' }))).toBe('must be a decimal integer');
    expect(issue(tradeCheckRequest.safeParse({ kind: 'offer', chainId: 1, token_id: '0' }))).toBe('must be a database id');
    expect(issue(tradeCheckRequest.safeParse({ kind: 'list', chainId: 1, collection: '0x1' }))).toBe('must be a 0x-prefixed 20-byte hex address');
    expect(tradeCheckRequest.safeParse({ kind: 'offer', chainId: 3e9 }).success).toBe(false);
    expect(tradeCheckRequest.safeParse({ kind: 'swap', chainId: 1 }).success).toBe(false);
  });
});

describe('articles, artists and collections: query and path contracts', () => {
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('the articles list reads page and perPage as numbers, perPage up to 50, and refuses anything else in the query', () => {
    expect(articleListQuery.parse({})).toEqual({});
    expect(articleListQuery.parse({ page: '2', perPage: '50' })).toEqual({ page: 2, perPage: 50 });
    expect(issue(articleListQuery.safeParse({ perPage: '51' }))).toBe('perPage must be a whole number from 1 to 50.');
    expect(issue(articleListQuery.safeParse({ perPage: '0' }))).toBe('perPage must be a whole number from 1 to 50.');
    expect(issue(articleListQuery.safeParse({ page: '0' }))).toBe('page must be a whole number from 1.');
    expect(articleListQuery.safeParse({ page: '1', sort: 'asc' }).success).toBe(false);
  });

  it('path ids: an article or collection id is a positive integer without a leading zero; an artist is an address, lowercased', () => {
    expect(articleIdParam.parse('42')).toBe(42);
    expect(issue(articleIdParam.safeParse('042'))).toBe('The article id must be a positive integer.');
    expect(collectionIdParam.parse('7')).toBe(7);
    expect(issue(collectionIdParam.safeParse('x'))).toBe('The collection id must be a positive integer.');
    expect(artistAddressParam.parse('0xAbCdEf0123456789abcdef0123456789ABCDEF01')).toBe('0xabcdef0123456789abcdef0123456789abcdef01');
    expect(issue(artistAddressParam.safeParse('0x12'))).toBe('The artist must be a 0x-prefixed wallet address.');
  });

  it('an article answer carries the summary and the body; a page its articles and where it stands', () => {
    const summary = {
      id: '1', type: 'ARTICLE', title: 'On light', cover: null, coverThumbnail: null, ipfsHash: 'bafy', mediaUrl: null,
      isFeatured: false, artist: null, createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(articleAnswer.parse({ ...summary, body: '<p>x</p>' })).toEqual({ ...summary, body: '<p>x</p>' });
    expect(articleAnswer.safeParse(summary).success).toBe(false);
    expect(articlePageAnswer.parse({ articles: [summary], totalCount: 1, page: 1, perPage: 24, hasNextPage: false }).articles).toEqual([summary]);
  });
});
