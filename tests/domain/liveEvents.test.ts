import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAMES, type LiveEventName } from '../../domain/contracts/live';
import { liveEvents, parseLiveEvent } from '../../domain/contracts/liveEvents';
import { LIVE_SAMPLES } from './liveEventSamples';

// Each live event's contract (domain/contracts/liveEvents.ts) takes the payload the server sends (one sample per
// event, as the server's own emits build them) and refuses one that is not it: the client drops such a payload.
const malformed: { [N in LiveEventName]: Record<string, unknown> } = {
  CreatedCollection: { ...LIVE_SAMPLES.CreatedCollection, tokenCount: '2' },
  CreatedOwner: { ...LIVE_SAMPLES.CreatedOwner, owner: null },
  CreatedCreator: { _id: '2', creator: 7 },
  RemovedCreator: { ...LIVE_SAMPLES.RemovedCreator, chainId: '31337' },
  CreatedSale: { ...LIVE_SAMPLES.CreatedSale, tokenPrice: 1000 },
  OfferMade: { ...LIVE_SAMPLES.OfferMade, buyer: undefined },
  CancelledSale: { ...LIVE_SAMPLES.CancelledSale, isSold: 'no' },
  Sold: { ...LIVE_SAMPLES.Sold, ownerInfo: { address: 5 } },
  OfferRetracted: { ...LIVE_SAMPLES.OfferRetracted, token_id: 7 },
  TransferSingle: { ...LIVE_SAMPLES.TransferSingle, amount: 1 },
  CreatedAllOutSale: { ...LIVE_SAMPLES.CreatedAllOutSale, price: null },
  CancelledAllOutSale: { ...LIVE_SAMPLES.CancelledAllOutSale, all_out_sale_id: 2 },
  PublishReady: { ...LIVE_SAMPLES.PublishReady, state: 'lost' },
  TokenLiked: { ...LIVE_SAMPLES.TokenLiked, updatedFields: {} },
  TokenUnliked: { token_id: '7' },
  TokenUpdated: { ...LIVE_SAMPLES.TokenUpdated, updatedFields: { likesCount: '1' } },
};

describe('live event contracts', () => {
  it('every live event name has its contract, and a sample here', () => {
    expect(Object.keys(liveEvents).sort()).toEqual([...LIVE_EVENT_NAMES].sort());
    expect(Object.keys(LIVE_SAMPLES).sort()).toEqual([...LIVE_EVENT_NAMES].sort());
  });

  for (const name of LIVE_EVENT_NAMES) {
    it(`${name}: takes the server's payload and refuses a malformed one (and none at all)`, () => {
      expect(parseLiveEvent(name, LIVE_SAMPLES[name])).toEqual({ ok: true, message: { name, doc: LIVE_SAMPLES[name] } });
      const bad = parseLiveEvent(name, malformed[name]);
      expect(bad.ok).toBe(false);
      expect(bad.ok ? '' : bad.issues).toMatch(/: /);
      expect(parseLiveEvent(name, undefined).ok).toBe(false);
      expect(parseLiveEvent(name, 'Sold').ok).toBe(false);
    });
  }

  it('a payload is read as its contract: unknown fields are dropped, the likes event may come without a like id', () => {
    const { _id: _likeId, ...withoutId } = LIVE_SAMPLES.TokenUpdated;
    expect(parseLiveEvent('TokenUpdated', { ...withoutId, extra: 1 })).toEqual({ ok: true, message: { name: 'TokenUpdated', doc: withoutId } });
  });

  it('the issues name where the payload differs', () => {
    expect(parseLiveEvent('Sold', malformed.Sold)).toMatchObject({ ok: false, issues: expect.stringContaining('ownerInfo.') });
  });
});
