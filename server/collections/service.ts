// The collections service (marketplace browsing): the featured and trending collections (the same reads as GraphQL's
// getFeaturedCollections and getTrendingCollections, ./queries.ts) and the creator's edit of description
// and cover in one transaction. Errors are ApiErrors with the status and message the REST answer (./routes.ts) carries.
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import type { CollectionUpdate } from './form.js';
import { collectionAnswers, findCollectionById, pinCover, readFeaturedCollections, readTrendingCollections, updateCollection, type CollectionRow } from './queries.js';

const noCollection = () => new ApiError(404, 'not_found', 'No collection with this id.');

export function collectionsService({ db, config, mediaStore }: { db: Db; config: ServerConfig; mediaStore: MediaStore }) {
  return {
    /** is_featured, visible, newest first. */
    featured: () => readFeaturedCollections(db, config.public),

    /** Visible collections ranked by likes given in the last TRENDING_DAYS days, then all-time likes, then newest. */
    trending: () => readTrendingCollections(db, config.public),

    /** The collection the viewer may edit: 404 when unknown, 403 when not its creator. Checked before the form is read. */
    async editable(viewer: string, id: number): Promise<CollectionRow> {
      const target = await findCollectionById(db, id);
      if (!target) throw noCollection();
      if (target.creator !== viewer) throw new ApiError(403, 'forbidden', "Only the collection's creator can edit it.");
      return target;
    },

    /** Saves the description and/or cover; the collection as the API answers it. */
    async update(target: CollectionRow, form: CollectionUpdate) {
      const updated = await db.transaction(async (tx) => {
        // The media row is written in the same transaction, so a failed update leaves no orphan cover.
        const cover = form.cover ? await mediaStore.within(tx).put(form.cover.bytes, form.cover.contentType) : undefined;
        // A published collection's manifest (immutable, on chain) still names the cover it had: pinned, never collected.
        if (cover !== undefined && target.cover && target.cover !== cover && target.baseUri) await pinCover(tx, target.cover, target.id);
        const row = await updateCollection(tx, target.id, target.creator, {
          ...(form.description !== undefined ? { description: form.description } : {}),
          ...(cover !== undefined ? { cover } : {}),
        });
        if (!row) throw noCollection();
        return row;
      });
      if (updated.cover !== target.cover) await collectDropped(db, [target.cover], config.security.storage.mediaGraceMs);
      const [answer] = await collectionAnswers(db, config.public, [updated]);
      return answer;
    },
  };
}
