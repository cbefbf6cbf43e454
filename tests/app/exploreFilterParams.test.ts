import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPLORE_FILTERS, filtersFromSearch } from '../../machines/explore/exploreFilters';
import { exploreListParams, priceBoundWei } from '../../src/views/explore/exploreLists';

describe('explore price range and status in the API request', () => {
  it('the ends go to filters.minPrice and maxPrice in wei', () => {
    expect(priceBoundWei('0.5')).toBe('500000000000000000');
    expect(priceBoundWei('12')).toBe('12000000000000000000');
    expect(priceBoundWei('0.0001')).toBe('100000000000000');
    expect(priceBoundWei('999999999.9999')).toBe('999999999999900000000000000');
    expect(exploreListParams(filtersFromSearch({ minPrice: '0.02', maxPrice: '0.05', sort: 'lowest_price' }))).toEqual({
      sort: 'lowest_price',
      filters: { minPrice: '20000000000000000', maxPrice: '50000000000000000' },
    });
  });

  it('status goes with the artworks view only (the API refuses it for collections)', () => {
    expect(exploreListParams(filtersFromSearch({ status: ['buy_now'] }))).toEqual({ sort: 'newest', filters: { status: ['buy_now'] } });
    expect(exploreListParams(filtersFromSearch({ view: 'collection', status: ['buy_now'], maxPrice: '1' }))).toEqual({
      sort: 'newest',
      filters: { maxPrice: '1000000000000000000' },
    });
  });

  it('an open end is left out, and no range asks for none', () => {
    expect(exploreListParams(filtersFromSearch({ maxPrice: '1' }))).toEqual({ sort: 'newest', filters: { maxPrice: '1000000000000000000' } });
    expect(exploreListParams(DEFAULT_EXPLORE_FILTERS)).toEqual({ sort: 'newest' });
  });
});
