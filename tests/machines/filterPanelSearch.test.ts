import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPLORE_FILTERS, chosenFilterCount, filtersFromSearch, searchFromFilters, validateExploreSearch } from '../../machines/explore/exploreFilters';

describe('explore search params', () => {
  it('default: no params are the default filters, and the defaults are omitted from the URL', () => {
    expect(filtersFromSearch({})).toEqual(DEFAULT_EXPLORE_FILTERS);
    expect(searchFromFilters(DEFAULT_EXPLORE_FILTERS)).toEqual({});
    expect(validateExploreSearch({ view: 'token', sort: 'newest', media: [], chain: [] })).toEqual({});
  });

  it('parameters: every filter round-trips through the URL form', () => {
    const search = { view: 'collection', sort: 'lowest_price', media: ['gif', 'video'], artist: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', chain: [31337] };
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
    ).toEqual({ media: ['video'], chain: [1, 31337], artist: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' });
    // Media types keep one canonical order so equal filters make equal links.
    expect(validateExploreSearch({ media: ['video', 'image'] })).toEqual({ media: ['image', 'video'] });
    // See docs/requirements.md#explore: sound is a media type too, last in the order.
    expect(validateExploreSearch({ media: ['sound', 'multipart/mixed'] })).toEqual({ media: ['multipart/mixed', 'sound'] });
  });
});

describe('the Filters badge (chosenFilterCount)', () => {
  it('default: nothing chosen counts 0', () => {
    expect(chosenFilterCount(DEFAULT_EXPLORE_FILTERS)).toBe(0);
  });

  it('behavior: every chosen value counts: a sort and two media types are 3 (it said 2)', () => {
    expect(chosenFilterCount(filtersFromSearch({ sort: 'oldest', media: ['gif', 'video'] }))).toBe(3);
    const all = { view: 'collection', sort: 'most_liked', media: ['image', 'sound'], artist: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', chain: [1, 31337] };
    expect(chosenFilterCount(filtersFromSearch(all))).toBe(7);
  });

  it('behavior: the favourites view counts only itself (its list takes no other filter)', () => {
    expect(chosenFilterCount(filtersFromSearch({ view: 'myFavorites', sort: 'oldest', media: ['gif'] }))).toBe(1);
  });
});
