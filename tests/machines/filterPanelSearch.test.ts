import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPLORE_FILTERS,
  EXPLORE_SORT_NAMES,
  filtersFromSearch,
  searchFromFilters,
  sortsOfView,
  validateExploreSearch,
} from '../../machines/explore/exploreFilters';
import { addedArtist, chosenFilterCount, nextFilters, typedPriceError } from '../../machines/explore/filterPanelMachine';

const artistAt = (index: number) => `0x${index.toString(16).padStart(40, '0')}`;

describe('explore search params', () => {
  it('default: no params are the default filters, and the defaults are omitted from the URL', () => {
    expect(filtersFromSearch({})).toEqual(DEFAULT_EXPLORE_FILTERS);
    expect(searchFromFilters(DEFAULT_EXPLORE_FILTERS)).toEqual({});
    expect(validateExploreSearch({ view: 'token', sort: 'newest', media: [], chain: [] })).toEqual({});
  });

  it('parameters: every filter round-trips through the URL form', () => {
    const search = { view: 'collection', sort: 'lowest_price', media: ['gif', 'video'], artist: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'], chain: [31337] };
    expect(validateExploreSearch(search)).toEqual(search);
  });

  it('behavior: invalid values fall back to the defaults, one by one', () => {
    expect(
      validateExploreSearch({ view: 'everything', sort: 'cheapest', media: ['image', 'audio', 3], artist: 'lumen', chain: ['x', -1, 1.5] }),
    ).toEqual({ media: ['image'] });
  });

  it('behavior: single values become lists, lists are de-duplicated and ordered, addresses lower-cased', () => {
    expect(
      validateExploreSearch({ media: 'video', chain: ['31337', 1, 31337], artist: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    ).toEqual({ media: ['video'], chain: [1, 31337], artist: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] });
    // Media types keep one canonical order so equal filters make equal links.
    expect(validateExploreSearch({ media: ['video', 'image'] })).toEqual({ media: ['image', 'video'] });
    // See docs/requirements.md#explore: sound is a media type too, last in the order.
    expect(validateExploreSearch({ media: ['sound', 'multipart/mixed'] })).toEqual({ media: ['multipart/mixed', 'sound'] });
  });

  it("artists (the seed's creatorsIds): several, in the order chosen, de-duplicated in any case, at most 10; a wrong one is dropped", () => {
    const [a, b] = ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'];
    expect(validateExploreSearch({ artist: [b, a.toUpperCase().replace('0X', '0x'), b, 'lumen'] })).toEqual({ artist: [b, a] });
    expect(filtersFromSearch({ artist: [a, b] }).artists).toEqual([a, b]);
    expect(filtersFromSearch({ artist: Array.from({ length: 12 }, (_, index) => artistAt(index + 1)) }).artists).toHaveLength(10);
    // Each chosen artist counts on the badge.
    expect(chosenFilterCount(filtersFromSearch({ artist: [a, b] }))).toBe(2);
  });

  it('artists in the panel: added once, removed; an 11th is not added', () => {
    const ten = { ...DEFAULT_EXPLORE_FILTERS, artists: Array.from({ length: 10 }, (_, index) => artistAt(index + 1)) };
    expect(addedArtist(ten, artistAt(11))).toBe(ten);
    expect(nextFilters(ten, { type: 'filters.removeArtist', artist: artistAt(3) }).artists).toHaveLength(9);
    const one = addedArtist(DEFAULT_EXPLORE_FILTERS, artistAt(1).toUpperCase().replace('0X', '0x'));
    expect(one.artists).toEqual([artistAt(1)]);
    expect(addedArtist(one, artistAt(1))).toBe(one);
  });

  it("the seed's sale sorts (recently_listed, recently_sold, highest_last_sale): artworks only; the collections view falls back to newest", () => {
    for (const sort of ['recently_listed', 'recently_sold', 'highest_last_sale']) {
      expect(validateExploreSearch({ sort })).toEqual({ sort });
      expect(validateExploreSearch({ view: 'collection', sort })).toEqual({ view: 'collection' });
      expect(validateExploreSearch({ view: 'myFavorites', sort })).toEqual({ view: 'myFavorites' });
      const artworks = filtersFromSearch({ sort });
      // Switching to collections drops it; the panel does not take it there.
      const collectionsView = nextFilters(artworks, { type: 'filters.setView', view: 'collection' });
      expect(collectionsView).toMatchObject({ view: 'collection', sort: 'newest' });
      expect(nextFilters(collectionsView, { type: 'filters.setSort', sort: sort as 'recently_sold' })).toBe(collectionsView);
    }
    // A sort both views have stays when switching.
    expect(nextFilters(filtersFromSearch({ sort: 'most_liked' }), { type: 'filters.setView', view: 'collection' }).sort).toBe('most_liked');
    expect(sortsOfView('token')).toEqual([...EXPLORE_SORT_NAMES]);
    expect(sortsOfView('collection')).toEqual(['newest', 'oldest', 'most_liked', 'highest_price', 'lowest_price']);
  });

  it('status: buy_now and has_offers in one order; other seed statuses (auctions, bids) fall back', () => {
    expect(validateExploreSearch({ status: ['has_offers', 'buy_now'] })).toEqual({ status: ['buy_now', 'has_offers'] });
    expect(validateExploreSearch({ status: 'has_offers' })).toEqual({ status: ['has_offers'] });
    expect(validateExploreSearch({ status: ['on_auction', 'has_bids'] })).toEqual({});
    // Counted on the badge in the artworks view only (the collections view does not filter by it).
    expect(chosenFilterCount(filtersFromSearch({ status: ['buy_now', 'has_offers'] }))).toBe(2);
    expect(chosenFilterCount(filtersFromSearch({ view: 'collection', status: ['buy_now'] }))).toBe(1);
  });

  it('price range: minPrice and maxPrice round-trip in their shortest form; a wrong end or a reversed range falls back', () => {
    // In the URL the ends are numbers (minPrice=0.5; the router would quote a string that looks like one).
    expect(validateExploreSearch({ minPrice: 0.5, maxPrice: 2 })).toEqual({ minPrice: 0.5, maxPrice: 2 });
    expect(filtersFromSearch({ minPrice: 0.5, maxPrice: 2 })).toMatchObject({ minPrice: '0.5', maxPrice: '2' });
    // A typed link's strings, leading and trailing zeros, one end alone.
    expect(validateExploreSearch({ minPrice: '00.50', maxPrice: '2' })).toEqual({ minPrice: 0.5, maxPrice: 2 });
    expect(validateExploreSearch({ maxPrice: '.25' })).toEqual({ maxPrice: 0.25 });
    // Not an amount, finer than a price can be, negative: that end is dropped; a minimum above the maximum drops both.
    expect(validateExploreSearch({ minPrice: 'cheap', maxPrice: '1' })).toEqual({ maxPrice: 1 });
    expect(validateExploreSearch({ minPrice: '0.00001', maxPrice: '-1' })).toEqual({});
    expect(validateExploreSearch({ minPrice: '3', maxPrice: '1', sort: 'oldest' })).toEqual({ sort: 'oldest' });
    // At most 9 whole digits and 4 decimals; the largest is kept exactly.
    expect(validateExploreSearch({ maxPrice: '999999999.9999' })).toEqual({ maxPrice: 999999999.9999 });
    expect(filtersFromSearch({ maxPrice: 999999999.9999 }).maxPrice).toBe('999999999.9999');
    expect(validateExploreSearch({ maxPrice: '1000000000' })).toEqual({});
  });

  it('price range as typed: empty ends are open; the first wrong end says why, then a reversed range', () => {
    expect(typedPriceError({ min: '', max: '' })).toBeNull();
    expect(typedPriceError({ min: ' 0.5 ', max: '' })).toBeNull();
    expect(typedPriceError({ min: '1', max: '1' })).toBeNull();
    expect(typedPriceError({ min: '1,5', max: '' })).toBe('Enter an amount such as 0.5, with at most 4 decimals');
    expect(typedPriceError({ min: '', max: '1e3' })).toBe('Enter an amount such as 0.5, with at most 4 decimals');
    expect(typedPriceError({ min: '0.00001', max: '' })).toBe('Enter an amount such as 0.5, with at most 4 decimals');
    expect(typedPriceError({ min: '2', max: '1.5' })).toBe('The minimum price is above the maximum price');
  });
});

describe('the Filters badge (chosenFilterCount)', () => {
  it('default: nothing chosen counts 0', () => {
    expect(chosenFilterCount(DEFAULT_EXPLORE_FILTERS)).toBe(0);
  });

  it('behavior: every chosen value counts: a sort and two media types are 3 (it said 2)', () => {
    expect(chosenFilterCount(filtersFromSearch({ sort: 'oldest', media: ['gif', 'video'] }))).toBe(3);
    const all = { view: 'collection', sort: 'most_liked', media: ['image', 'sound'], artist: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'], chain: [1, 31337] };
    expect(chosenFilterCount(filtersFromSearch(all))).toBe(7);
    // Each end of the price range counts.
    expect(chosenFilterCount(filtersFromSearch({ ...all, minPrice: '0.1', maxPrice: '1' }))).toBe(9);
  });

  it('behavior: the favourites view counts only itself (its list takes no other filter)', () => {
    expect(chosenFilterCount(filtersFromSearch({ view: 'myFavorites', sort: 'oldest', media: ['gif'] }))).toBe(1);
  });
});
