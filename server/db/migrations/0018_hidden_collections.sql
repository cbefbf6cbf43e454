-- The collections kept off public reads, kept exact by row triggers: public reads filter by this short list instead
-- of scanning every collection once per statement (ipfs_blocks, made by hand in 0016, enters the snapshot here).
CREATE TABLE "hidden_collections" (
	"collection_id" bigint PRIMARY KEY NOT NULL,
	"creator" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hidden_collections" ADD CONSTRAINT "hidden_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A deleted (or truncated) collection leaves through the foreign key's cascade.
CREATE OR REPLACE FUNCTION hidden_collections_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_hidden OR NEW.state <> 'published' THEN
    INSERT INTO hidden_collections (collection_id, creator) VALUES (NEW.id, NEW.creator)
    ON CONFLICT (collection_id) DO UPDATE SET creator = EXCLUDED.creator;
  ELSE
    DELETE FROM hidden_collections WHERE collection_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER collections_hidden_insert AFTER INSERT ON collections
  FOR EACH ROW WHEN (NEW.is_hidden OR NEW.state <> 'published') EXECUTE FUNCTION hidden_collections_sync();
--> statement-breakpoint
-- Only the rule's columns: the likes and price aggregates the tokens triggers write (0004) do not fire it.
CREATE TRIGGER collections_hidden_update AFTER UPDATE OF is_hidden, state, creator ON collections
  FOR EACH ROW EXECUTE FUNCTION hidden_collections_sync();
--> statement-breakpoint
-- Databases created before this migration start from the current rows.
INSERT INTO hidden_collections (collection_id, creator)
SELECT id, creator FROM collections WHERE is_hidden OR state <> 'published'
ON CONFLICT DO NOTHING;
