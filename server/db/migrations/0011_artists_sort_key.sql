-- The artists catalogue's sort key (issue 15): the display name lower-cased (domain/artist.ts artistSortKey), in
-- the "C" collation so PGlite and PostgreSQL order it byte for byte the same; (sort_key, id) is the keyset index.
-- Existing rows are filled with the same rule in SQL before the column becomes NOT NULL.
ALTER TABLE "artists" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
UPDATE "artists" SET "sort_key" = lower(
  CASE
    WHEN coalesce(nullif(btrim(a."first_name"), ''), nullif(btrim(a."alias"), '')) IS NOT NULL
      THEN concat_ws(' ', coalesce(nullif(btrim(a."first_name"), ''), nullif(btrim(a."alias"), '')), nullif(btrim(a."last_name"), ''))
    WHEN length(a."address") <= 11 THEN a."address"
    ELSE left(a."address", 4) || '...' || right(a."address", 4)
  END)
FROM "accounts" a WHERE a."id" = "artists"."account_id";--> statement-breakpoint
ALTER TABLE "artists" ALTER COLUMN "sort_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "artists_sort_idx" ON "artists" USING btree ("sort_key","id");
