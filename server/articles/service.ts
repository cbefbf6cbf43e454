// The articles service (the editorial pages; docs/requirements.md#content-pages Article): the media articles page by page (offset pages: editorial
// articles are few), the featured one, and one article with its HTML body read from the media store. The reads are
// ./queries.ts, which GraphQL's getArticles, getFeaturedArticle and getArticle (graphql/articles) read too. Errors
// are ApiErrors with the status and message the REST answer (./routes.ts) carries.
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { MediaStore } from '../media/store.js';
import { ARTICLE_PAGE_SIZE } from '../../domain/articles.js';
import type { ArticleAnswer } from '../../domain/contracts/articles.js';
import { readArticle, readArticles, readFeaturedArticle } from './queries.js';

export function articlesService({ db, config, mediaStore }: { db: Db; config: ServerConfig; mediaStore: MediaStore }) {
  const ipfs = config.public.ipfs;
  return {
    /** The page of articles (1 = newest), ARTICLE_PAGE_SIZE to a page unless perPage says otherwise. */
    async list(page = 1, perPage = ARTICLE_PAGE_SIZE) {
      const { articles, totalCount } = await readArticles(db, ipfs, (page - 1) * perPage, perPage);
      return { articles, totalCount, page, perPage, hasNextPage: page * perPage < totalCount };
    },

    /** The newest featured article, or null when none is featured (not an error). */
    featured: () => readFeaturedArticle(db, ipfs),

    /** One article with its body; 404 when there is none with this id, or when its body is not in the media store. */
    async article(id: number): Promise<ArticleAnswer> {
      const article = await readArticle(db, ipfs, mediaStore, id);
      if (article === 'no-article') throw new ApiError(404, 'not_found', 'No article with this id.');
      if (article === 'no-body') throw new ApiError(404, 'not_found', 'The body of this article is not in the media store.');
      return article;
    },
  };
}
