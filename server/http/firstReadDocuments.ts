// The app's first reads of the routes a navigation answers (http/firstAnswers.ts), as the server sends them: each the
// app's own operation text with the fragments it spreads. The texts are written once in domain/firstReads/, which the
// app types with gql.tada (src/services/) and the server may import; tests/server/firstAnswers.test.ts checks that
// each document here prints the same as the app's (an answer without a field the app reads would break its page).
import { Kind, parse, visit, type DocumentNode } from 'graphql';
import { ARTICLE_PAGE_FIELDS, ARTICLE_PAGE_OPERATION } from '../../domain/firstReads/article.js';
import { ARTIST_PAGE_OPERATION } from '../../domain/firstReads/artist.js';
import { ALL_ARTISTS_OPERATION } from '../../domain/firstReads/artists.js';
import { COLLECTION_PAGE_OPERATION } from '../../domain/firstReads/collection.js';
import { CURRENT_EXHIBITION_OPERATION, EXHIBITION_FIELDS, PAST_EXHIBITIONS_OPERATION, PAST_EXHIBITIONS_PAGE_SIZE } from '../../domain/firstReads/exhibitions.js';
import { MARKETPLACE_TOKENS_OPERATION } from '../../domain/firstReads/explore.js';
import { PAGE_INFO_FIELDS, PERSON_FIELDS, TOKEN_CARD_FIELDS } from '../../domain/firstReads/fragments.js';
import { FEATURED_COLLECTIONS_OPERATION, HOME_COLLECTION_FIELDS, HOME_SLIDE_FIELDS, HOME_SLIDES_OPERATION } from '../../domain/firstReads/home.js';
import { ARTICLE_SUMMARY_FIELDS, ARTICLES_OPERATION, ARTICLES_PER_PAGE, FEATURED_ARTICLE_OPERATION } from '../../domain/firstReads/mediaArticles.js';
import { TOKEN_PAGE_OPERATION } from '../../domain/firstReads/token.js';

/** The first pages the app asks for: the same sizes (domain/firstReads/). */
export { ARTICLES_PER_PAGE, PAST_EXHIBITIONS_PAGE_SIZE };

/** Every fragment a first read spreads, by its name. */
const FRAGMENTS = new Map(
  [PERSON_FIELDS, PAGE_INFO_FIELDS, TOKEN_CARD_FIELDS, HOME_SLIDE_FIELDS, HOME_COLLECTION_FIELDS, EXHIBITION_FIELDS, ARTICLE_PAGE_FIELDS, ARTICLE_SUMMARY_FIELDS].map(
    (text) => [fragmentName(parse(text)), text] as const,
  ),
);

function fragmentName(document: DocumentNode): string {
  const [definition] = document.definitions;
  if (definition?.kind !== Kind.FRAGMENT_DEFINITION || document.definitions.length !== 1) throw new Error('A fragment text is one fragment definition');
  return definition.name.value;
}

/**
 * An operation's text with the definitions of the fragments it spreads, directly or through another fragment, each
 * once: the document gql.tada makes of `graphql(operation, [fragments])` in the app. A fragment not among `fragments`
 * is an error (at the server's start: these documents are built when this module loads).
 */
export function withFragments(operation: string, fragments: ReadonlyMap<string, string> = FRAGMENTS): string {
  const needed = new Map<string, string>();
  const spreadsOf = (text: string) =>
    visit(parse(text), {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (needed.has(name)) return;
        const fragment = fragments.get(name);
        if (fragment === undefined) throw new Error(`No fragment ${name} for a first read`);
        needed.set(name, fragment);
        spreadsOf(fragment);
      },
    });
  spreadsOf(operation);
  return [operation, ...needed.values()].join('\n');
}

/** The token page. */
export const TOKEN_PAGE_QUERY = withFragments(TOKEN_PAGE_OPERATION);

/** The home page's carousel. */
export const HOME_SLIDES_QUERY = withFragments(HOME_SLIDES_OPERATION);

/** Explore's artworks. */
export const MARKETPLACE_TOKENS_QUERY = withFragments(MARKETPLACE_TOKENS_OPERATION);

/**
 * The variables of explore's first page with no filter chosen (src/services/marketplace.ts fetchMarketplaceTokensPage
 * with the default filters: the newest first, src/views/explore/exploreLists.ts EXPLORE_PAGE_SIZES.token).
 */
export const EXPLORE_FIRST_PAGE = { sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: 15 } } as const;

/** The collection page's collection (its route's loader). */
export const COLLECTION_PAGE_QUERY = withFragments(COLLECTION_PAGE_OPERATION);

/** The home page's featured collection. */
export const FEATURED_COLLECTIONS_QUERY = withFragments(FEATURED_COLLECTIONS_OPERATION);

/** The exhibitions page's current exhibition. */
export const CURRENT_EXHIBITION_QUERY = withFragments(CURRENT_EXHIBITION_OPERATION);

/** The exhibitions page's past exhibitions. */
export const PAST_EXHIBITIONS_QUERY = withFragments(PAST_EXHIBITIONS_OPERATION);

/** The artists catalogue. */
export const ALL_ARTISTS_QUERY = withFragments(ALL_ARTISTS_OPERATION);

/** The artist page. */
export const ARTIST_PAGE_QUERY = withFragments(ARTIST_PAGE_OPERATION);

/** The article page (its body is in the answer). */
export const ARTICLE_PAGE_QUERY = withFragments(ARTICLE_PAGE_OPERATION);

/** The media page's featured article. */
export const FEATURED_ARTICLE_QUERY = withFragments(FEATURED_ARTICLE_OPERATION);

/** The media page's list. */
export const ARTICLES_QUERY = withFragments(ARTICLES_OPERATION);
