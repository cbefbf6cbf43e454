-- Issue 28 item 2: blocks answered by their own CID (collection directories' dag-pb nodes and raw leaves): the bytes,
-- or a byte range (blob_key, blob_offset, size) of a blob.
CREATE TABLE "ipfs_blocks" (
	"cid" text PRIMARY KEY NOT NULL,
	"bytes" bytea,
	"blob_key" text,
	"blob_offset" bigint,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipfs_blocks_source" CHECK ("bytes" IS NOT NULL OR ("blob_key" IS NOT NULL AND "blob_offset" IS NOT NULL))
);
