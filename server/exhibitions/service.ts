// The exhibitions service (the editorial pages; docs/requirements.md#home "Current exhibition card", docs/requirements.md#exhibitions): the
// exhibition running now, as the home's card shows it. Its reads are GraphQL's (graphql/exhibitions: the same choice
// of exhibition and the same artist names as getCurrentExhibition and getFeaturedExhibition), which page and batch
// them for the exhibitions pages; this feature has no SQL of its own.
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { exhibitionNode, loadExhibitionContents, type ExhibitionNode } from '../graphql/exhibitions/contents.js';
import { currentExhibitionRow } from '../graphql/exhibitions/queries.js';

/** What the home's card shows of the exhibition running now. */
export type FeaturedExhibition = Pick<ExhibitionNode, 'id' | 'title' | 'subtitle' | 'cover' | 'coverThumbnail' | 'startDate' | 'endDate'> & {
  artistNamesFormatted: string;
};

export function exhibitionsService({ db, config }: { db: Db; config: ServerConfig }) {
  const ipfs = config.public.ipfs;
  return {
    /** The exhibition running at `now` (start <= now <= end; the featured one first, then the latest start), or null. */
    async featured(now = new Date()): Promise<FeaturedExhibition | null> {
      const row = await currentExhibitionRow(db, now);
      if (!row) return null;
      const node = exhibitionNode(ipfs, row);
      const contents = (await loadExhibitionContents(db, ipfs, [row.id])).get(row.id);
      return {
        id: node.id,
        title: node.title,
        subtitle: node.subtitle,
        cover: node.cover,
        coverThumbnail: node.coverThumbnail,
        startDate: node.startDate,
        endDate: node.endDate,
        artistNamesFormatted: contents?.artistNamesFormatted ?? '',
      };
    },
  };
}
