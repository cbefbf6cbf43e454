// The home service (the editorial pages; docs/requirements.md#home "Carousel: 4 slides"): the carousel's slides, the read GraphQL's
// getHomeSlides (graphql/home) answers with too (./queries.ts).
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { readHomeSlides, type SlideAnswer } from './queries.js';

export function homeService({ db, config }: { db: Db; config: ServerConfig }) {
  return {
    /** The slides ordered by position; a slide whose collection is not shown is left out. */
    slides: (): Promise<SlideAnswer[]> => readHomeSlides(db, config.public.ipfs),
  };
}
