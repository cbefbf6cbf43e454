// The articles' reads (the editorial pages; docs/requirements.md#content-pages Article, docs/requirements.md#content-pages "GET /article/{id}; GET /article; GET /article/featured"),
// shared by the articles service (./service.ts, REST) and GraphQL (graphql/articles: getArticles, getFeaturedArticle,
// getArticle): newest first
// (created_at, then id, both descending), offset pages (editorial articles are few), the featured one, and one
// article with its HTML body read from the media store by ipfsHash. The body goes out as stored: the app sanitizes
// it (src/services/sanitizeHtml.ts) before anything renders it.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, articles, artists } from '../db/schema.js';
import type { MediaStore } from '../media/store.js';
import { mediaUrl, thumbnailUrl, type Ipfs } from '../graphql/people.js';
import type { ArticleAnswer, ArticleSummary } from '../../domain/contracts/articles.js';


type ArticleRow = typeof articles.$inferSelect;

export const articleSummary = (ipfs: Ipfs, article: ArticleRow, artist: string | null): ArticleSummary => ({
  id: String(article.id),
  type: article.type,
  title: article.title,
  cover: mediaUrl(ipfs, article.cover),
  coverThumbnail: thumbnailUrl(ipfs, article.cover),
  ipfsHash: article.ipfsHash,
  mediaUrl: mediaUrl(ipfs, article.ipfsHash),
  isFeatured: article.isFeatured,
  artist,
  createdAt: article.createdAt.toISOString(),
});

const withArtist = (db: Db) =>
  db
    .select({ article: articles, artistAddress: accounts.address })
    .from(articles)
    .leftJoin(artists, eq(artists.id, articles.artistId))
    .leftJoin(accounts, eq(accounts.id, artists.accountId));

/** `limit` articles after the first `offset`, newest first, and how many there are in all. */
export async function readArticles(db: Db, ipfs: Ipfs, offset: number, limit: number): Promise<{ articles: ArticleSummary[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    withArtist(db).orderBy(desc(articles.createdAt), desc(articles.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(articles),
  ]);
  return { articles: rows.map((row) => articleSummary(ipfs, row.article, row.artistAddress)), totalCount: Number(total?.n ?? 0) };
}

/** The newest featured article, or null when none is featured. */
export async function readFeaturedArticle(db: Db, ipfs: Ipfs): Promise<ArticleSummary | null> {
  const [row] = await withArtist(db).where(eq(articles.isFeatured, true)).orderBy(desc(articles.createdAt), desc(articles.id)).limit(1);
  return row ? articleSummary(ipfs, row.article, row.artistAddress) : null;
}


/** One article with its body; 'no-article' when there is none with this id, 'no-body' when its body is not stored. */
export async function readArticle(db: Db, ipfs: Ipfs, mediaStore: MediaStore, id: number): Promise<ArticleAnswer | 'no-article' | 'no-body'> {
  const [row] = await withArtist(db).where(eq(articles.id, id));
  if (!row) return 'no-article';
  const stored = await mediaStore.get(row.article.ipfsHash);
  if (!stored) return 'no-body';
  return { ...articleSummary(ipfs, row.article, row.artistAddress), body: new TextDecoder().decode(await stored.read()) };
}
