// The app's first reads of the routes a navigation answers (http/firstAnswers.ts), as the server sends them: each the
// app's own operation text with the fragments it spreads. The texts are written once in domain/firstReads/, which the
// app types with gql.tada (src/services/) and the server may import; tests/server/firstAnswers.test.ts checks that
// the document each route's read sends prints the same as the app's (an answer without a field the app reads would
// break its page).
import { Kind, parse, visit, type DocumentNode } from 'graphql';
import { ARTICLE_PAGE_FIELDS } from '../../domain/firstReads/article.js';
import { EXHIBITION_FIELDS } from '../../domain/firstReads/exhibitions.js';
import { PAGE_INFO_FIELDS, PERSON_FIELDS, TOKEN_CARD_FIELDS } from '../../domain/firstReads/fragments.js';
import { HOME_COLLECTION_FIELDS, HOME_SLIDE_FIELDS } from '../../domain/firstReads/home.js';
import { ARTICLE_SUMMARY_FIELDS } from '../../domain/firstReads/mediaArticles.js';

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
 * is an error.
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

const documents = new Map<string, string>();

/** The document the server sends for one of domain/firstReads/'s operations: made on its first use, then kept. */
export function firstReadDocument(operation: string): string {
  let document = documents.get(operation);
  if (document === undefined) documents.set(operation, (document = withFragments(operation)));
  return document;
}

/** Explore's first page with no filter chosen: the app's own variables (domain/firstReads/explore.ts). */
export { EXPLORE_FIRST_PAGE } from '../../domain/firstReads/explore.js';
