import { useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MEDIA_TYPE_LABELS } from '../../../domain/mediaTypes';
import {
  EXPLORE_MEDIA_TYPES,
  EXPLORE_STATUSES,
  EXPLORE_VIEWS,
  type ExploreMediaType,
  type ExploreSortName,
  type ExploreStatus,
  type ExploreView,
  sortsOfView,
} from '../../../machines/explore/exploreFilters';
import { chosenFilterCount } from '../../../machines/explore/filterPanelMachine';
import type { filterPanelMachine } from '../../../machines/explore/filterPanelMachine';
import { DEFAULT_NATIVE_SYMBOL } from '../../../domain/nativeCurrency';
import { useMediaQuery } from '../../components/data/useMediaQuery';
import { useModalLayer } from '../../components/layout/useModalLayer';
import type { ExploreArtist } from '../../../machines/explore/explorePageMachine';
import { ArtistFilter, type ArtistFilterProps } from './ArtistFilter';

export const VIEW_LABELS: Record<ExploreView, string> = { token: 'Artworks', collection: 'Collections', myFavorites: 'My favourites' };
export const SORT_LABELS: Record<ExploreSortName, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  most_liked: 'Most liked',
  highest_price: 'Highest price',
  lowest_price: 'Lowest price',
  recently_listed: 'Recently listed',
  recently_sold: 'Recently sold',
  highest_last_sale: 'Highest last sale',
};
/** The media types' labels are the studio's (docs/requirements.md#explore: Image, Flipcard, Generative Art, Video, GIF). */
export const MEDIA_LABELS: Record<ExploreMediaType, string> = MEDIA_TYPE_LABELS;
/** The seed's status names (buy_now, has_offers) in words. */
export const STATUS_LABELS: Record<ExploreStatus, string> = { buy_now: 'Buy now', has_offers: 'Has offers' };

export interface FilterPanelProps {
  panel: ActorRefFrom<typeof filterPanelMachine>;
  chains: Array<{ chainId: number; name: string; symbol?: string }>;
  /** The artist filter's search (the page's picker child). */
  picker: ArtistFilterProps['picker'] | undefined;
  /** The chosen artists' name data. */
  artists: readonly ExploreArtist[];
  onChooseArtist: (artist: ExploreArtist) => void;
}

/** The price range's unit: the native symbol the chosen chains (or every chain) share; none when they differ. */
function priceUnit(chains: FilterPanelProps['chains'], chosen: readonly number[]): string | null {
  const symbols = new Set(chains.filter((chain) => chosen.length === 0 || chosen.includes(chain.chainId)).map((chain) => chain.symbol ?? DEFAULT_NATIVE_SYMBOL));
  return symbols.size === 1 ? [...symbols][0]! : symbols.size === 0 ? DEFAULT_NATIVE_SYMBOL : null;
}

/** A fieldset of checkboxes, one per option, checked when chosen. */
function CheckboxGroup<T extends string | number>({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: Array<{ value: T; label: string }>;
  chosen: readonly T[];
  onToggle: (value: T) => void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="filter-option">
          <input type="checkbox" value={option.value} checked={chosen.includes(option.value)} onChange={() => onToggle(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Below this width the panel hides behind the Filters button and opens as a drawer over the page (explore.css). */
const DRAWER_QUERY = '(max-width: 59.99rem)';

/**
 * The explore filters as native fieldsets (radio groups and checkboxes): keyboard usable and labelled. On a phone
 * they open in a drawer over the page, closed by its close button, Escape or 'Show results' (which lands on the
 * results), so choosing filters never pushes the results down.
 */
export function FilterPanel({ panel, chains, picker, artists, onChooseArtist }: FilterPanelProps) {
  const filters = useSelector(panel, (snapshot) => snapshot.context.filters);
  const expanded = useSelector(panel, (snapshot) => snapshot.matches('expanded'));
  const canReset = useSelector(panel, (snapshot) => snapshot.can({ type: 'filters.reset' }));
  const price = useSelector(panel, (snapshot) => snapshot.context.price);
  const priceError = useSelector(panel, (snapshot) => snapshot.context.priceError);
  const id = useId();
  const priceErrorId = `${id}-price-error`;
  const unit = priceUnit(chains, filters.chain);
  const panelId = `${id}-panel`;
  const headingId = `${id}-heading`;
  const activeCount = chosenFilterCount(filters);
  const drawer = useMediaQuery(DRAWER_QUERY) && expanded;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useModalLayer(drawer, {
    layer: bodyRef,
    initialFocus: closeRef,
    onEscape: () => panel.send({ type: 'panel.close' }),
    // Closed by Escape or its close button: back to the button that opened it ('Show results' moves on instead).
    onClosed: () => {
      const focus = document.activeElement;
      if (panel.getSnapshot().matches('collapsed') && (focus === document.body || bodyRef.current?.contains(focus))) toggleRef.current?.focus();
    },
  });
  // The favourites view lists the account's likes as they are: only the view choice applies to it.
  const tokenFilters = filters.view !== 'myFavorites';

  return (
    <aside className="filter-panel" aria-label="Filters">
      <button
        ref={toggleRef}
        type="button"
        className="button filter-panel-toggle"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => panel.send({ type: expanded ? 'panel.close' : 'panel.open' })}
      >
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <div
        ref={bodyRef}
        id={panelId}
        className={expanded ? 'filter-panel-body is-expanded' : 'filter-panel-body'}
        {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': headingId } : {})}
      >
        <div className="filter-drawer-top">
          <h2 id={headingId} className="filter-drawer-title">
            Filters
          </h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close filters" onClick={() => panel.send({ type: 'panel.close' })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <button type="button" className="button filter-reset" disabled={!canReset} onClick={() => panel.send({ type: 'filters.reset' })}>
          Reset filters
        </button>

        <fieldset className="filter-group">
          <legend>View by</legend>
          {EXPLORE_VIEWS.map((view) => (
            <label key={view} className="filter-option">
              <input
                type="radio"
                name={`${id}-view`}
                value={view}
                checked={filters.view === view}
                onChange={() => panel.send({ type: 'filters.setView', view })}
              />
              {VIEW_LABELS[view]}
            </label>
          ))}
        </fieldset>

        {tokenFilters && (
          <>
            <fieldset className="filter-group">
              <legend>Sort by</legend>
              {sortsOfView(filters.view).map((sort) => (
                <label key={sort} className="filter-option">
                  <input
                    type="radio"
                    name={`${id}-sort`}
                    value={sort}
                    checked={filters.sort === sort}
                    onChange={() => panel.send({ type: 'filters.setSort', sort })}
                  />
                  {SORT_LABELS[sort]}
                </label>
              ))}
            </fieldset>

            <CheckboxGroup
              legend="Media type"
              options={EXPLORE_MEDIA_TYPES.map((mediaType) => ({ value: mediaType, label: MEDIA_LABELS[mediaType] }))}
              chosen={filters.media}
              onToggle={(mediaType) => panel.send({ type: 'filters.toggleMedia', mediaType })}
            />

            {filters.view === 'token' && (
              <CheckboxGroup
                legend="Status"
                options={EXPLORE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
                chosen={filters.status}
                onToggle={(status) => panel.send({ type: 'filters.toggleStatus', status })}
              />
            )}

            {/* The seed's minPrice and maxPrice: typed, then applied with the button or Enter (typing reloads nothing). */}
            <form
              className="filter-price"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                panel.send({ type: 'price.apply' });
              }}
            >
              <fieldset className="filter-group">
                <legend>Price{unit ? ` (${unit})` : ''}</legend>
                <div className="filter-price-ends">
                  {(['min', 'max'] as const).map((end) => (
                    <label key={end} className="filter-price-end">
                      {end === 'min' ? 'Minimum' : 'Maximum'}
                      <input
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        className="filter-select"
                        value={price[end]}
                        aria-invalid={priceError !== null}
                        aria-describedby={priceError !== null ? priceErrorId : undefined}
                        onChange={(event) => panel.send({ type: end === 'min' ? 'price.editMin' : 'price.editMax', text: event.target.value })}
                      />
                    </label>
                  ))}
                </div>
                <button type="submit" className="button">
                  Apply price
                </button>
                {priceError !== null && (
                  <p id={priceErrorId} className="field-error" role="alert">
                    {priceError}
                  </p>
                )}
              </fieldset>
            </form>

            {picker && (
              <ArtistFilter
                picker={picker}
                chosen={filters.artists}
                named={artists}
                onChoose={onChooseArtist}
                onRemove={(artist) => panel.send({ type: 'filters.removeArtist', artist })}
              />
            )}

            {chains.length > 0 && (
              <CheckboxGroup
                legend="Chain"
                options={chains.map((chain) => ({ value: chain.chainId, label: chain.name }))}
                chosen={filters.chain}
                onToggle={(chainId) => panel.send({ type: 'filters.toggleChain', chainId })}
              />
            )}
          </>
        )}
        <div className="filter-drawer-bottom">
          <button type="button" className="button button-primary filter-show-results" onClick={() => panel.send({ type: 'panel.showResults' })}>
            Show results
          </button>
        </div>
      </div>
    </aside>
  );
}
