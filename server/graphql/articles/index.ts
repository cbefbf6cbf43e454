// GraphQL: articles (the editorial pages; docs/requirements.md#content-pages Article): the list page by page, the featured article and one article
// with its body. The reads are the articles' queries (server/articles/queries.ts), shared with REST.
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { badInput } from '../inputs.js';
import { parsePagePosition, toPage } from '../offsetPage.js';
import { ARTICLE_ID, ARTICLE_ID_MESSAGE, ARTICLE_MAX_PAGE_SIZE, ARTICLE_PAGE_SIZE } from '../../../domain/articles.js';
import { readArticle, readArticles, readFeaturedArticle } from '../../articles/queries.js';
import { articlesTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

/** An article id as GraphQL takes it; anything else is BAD_USER_INPUT (an unknown id answers null). */
function parseArticleId(value: unknown): number {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (!ARTICLE_ID.test(text)) throw badInput(`Invalid id: ${ARTICLE_ID_MESSAGE}`);
  return Number(text);
}

export const articlesModule: GraphqlModule = {
  typeDefs: articlesTypeDefs,
  resolvers: {
    Query: {
      getArticles: async (_: unknown, args: Args, { db, config }: GraphqlContext) => {
        const position = parsePagePosition(args.pagination, 'articles', ARTICLE_PAGE_SIZE);
        if (position.perPage > ARTICLE_MAX_PAGE_SIZE) throw badInput(`Invalid pagination. pagination.perPage: perPage must be between 1 and ${ARTICLE_MAX_PAGE_SIZE}`);
        // One row past the page tells whether there is a next page.
        const { articles, totalCount } = await readArticles(db, config.ipfs, position.offset, position.perPage + 1);
        return toPage(position, articles, totalCount, (article) => article);
      },
      getFeaturedArticle: (_: unknown, _args: Args, { db, config }: GraphqlContext) => readFeaturedArticle(db, config.ipfs),
      getArticle: async (_: unknown, args: Args, { db, config, mediaStore }: GraphqlContext) => {
        const read = await readArticle(db, config.ipfs, mediaStore, parseArticleId(args.id));
        if (typeof read === 'string') return null;
        const { body, ...article } = read;
        return { article, body };
      },
    } as never,
  },
};
