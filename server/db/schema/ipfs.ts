// IPFS blocks this server answers by their own CID (IPFS-compatible content addresses): the dag-pb nodes and raw leaves of published
// collection directories (server/media/directory.ts), the trustless gateway's (server/http/gateway.ts) source. A
// block is either its bytes here (small: directory nodes, metadata documents) or a byte range of a blob.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

export const ipfsBlocks = pgTable('ipfs_blocks', {
  cid: text('cid').primaryKey(),
  bytes: bytea('bytes'),
  blobKey: text('blob_key'),
  blobOffset: bigint('blob_offset', { mode: 'number' }),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
