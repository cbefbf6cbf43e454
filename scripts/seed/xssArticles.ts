// The e2e stack's XSS articles (the editorial pages: "an XSS corpus through article bodies that executes nothing"): the
// articles of xssArticleCorpus.ts stored the way the demo's are — the HTML body in the media store, the row in
// `articles` — never featured and linked to no artist, so the demo's featured article and artist pages are the
// same with or without them. `npm start` adds them only when SEED_XSS_ARTICLES=1 (playwright.config.ts sets it);
// articles have no write API, so a seed is their only way in. Idempotent: an article whose title is already
// stored is left alone (a database seeded earlier gets the missing ones).
import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { articles } from '../../server/db/schema.js';
import type { MediaStore } from '../../server/media/store.js';
import { renderCover } from './artwork/render.js';
import type { SeedSizes } from './media.js';
import { XSS_ARTICLES, xssArticleDocument } from './xssArticleCorpus.js';

// The media host's path for a stored file (MEDIA_URL_PREFIX of server/config.ts, not imported: the seed needs
// nothing else of the server's configuration).
const MEDIA_URL_PREFIX = '/ipfs/';

/** Whether the environment asks for them (SEED_XSS_ARTICLES=1). */
export const xssArticlesWanted = (env: NodeJS.ProcessEnv = process.env) => env.SEED_XSS_ARTICLES === '1';

/** Stores the corpus articles that are missing; returns how many it added. */
export async function seedXssArticles(db: Db, store: MediaStore, sizes: SeedSizes): Promise<number> {
  const titles = XSS_ARTICLES.map((article) => article.title);
  const stored = new Set((await db.select({ title: articles.title }).from(articles).where(inArray(articles.title, titles))).map((row) => row.title));
  let added = 0;
  for (const [index, article] of XSS_ARTICLES.entries()) {
    if (stored.has(article.title)) continue;
    const cover = await store.put(await renderCover(9700 + index, sizes.cover[0], sizes.cover[1]), 'image/png');
    // The body's one image is this cover, from the media host, as an editor would embed it.
    const body = xssArticleDocument(article, `${MEDIA_URL_PREFIX}${cover}`);
    const ipfsHash = await store.put(new TextEncoder().encode(body), 'text/html');
    await db.insert(articles).values({ type: article.type, title: article.title, cover, ipfsHash, isFeatured: false, artistId: null });
    added++;
  }
  return added;
}
