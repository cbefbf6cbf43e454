-- Issue 28: media bytes move to the blob store (server/media/blobStore). New rows carry metadata only; the bytes
-- and thumbnails of existing rows are moved out by server/media/migrateToBlobs.ts at server start, which then drops
-- both columns and compacts the table (it needs the blob store, which SQL cannot reach).
ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;
