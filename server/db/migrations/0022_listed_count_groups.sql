-- token_count_groups gains `listed` (price_wei IS NOT NULL) in its key, so the buy-now total is a sum over the listed
-- groups instead of a count over every listed token. The groups are rebuilt from the current rows here (databases with
-- tokens already exist), and the statement triggers of 0002 keep `listed`: a listing, a cancel or a sale (an UPDATE of
-- price_wei) moves a token between groups.
-- Token writes wait for this migration (SHARE blocks them, not reads): none may land between the rebuild and the new
-- trigger function, and none may run the old function against the new key.
LOCK TABLE "tokens" IN SHARE MODE;--> statement-breakpoint
DELETE FROM "token_count_groups";--> statement-breakpoint
ALTER TABLE "token_count_groups" DROP CONSTRAINT "token_count_groups_collection_id_media_type_chain_id_creator_pk";--> statement-breakpoint
ALTER TABLE "token_count_groups" ADD COLUMN "listed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "token_count_groups" ADD CONSTRAINT "token_count_groups_collection_id_media_type_chain_id_creator_listed_pk" PRIMARY KEY("collection_id","media_type","chain_id","creator","listed");--> statement-breakpoint
INSERT INTO token_count_groups (collection_id, media_type, chain_id, creator, listed, n)
SELECT collection_id, media_type, chain_id, creator, price_wei IS NOT NULL AS listed, count(*) FROM tokens GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- 0002's function with `listed` in each group's key (the triggers themselves are unchanged: they call it by name).
CREATE OR REPLACE FUNCTION token_count_groups_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, listed, n)
    SELECT collection_id, media_type, chain_id, creator, price_wei IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (collection_id, media_type, chain_id, creator, listed) DO UPDATE SET n = g.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, listed, n)
    SELECT collection_id, media_type, chain_id, creator, price_wei IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (collection_id, media_type, chain_id, creator, listed) DO UPDATE SET n = g.n + EXCLUDED.n;
    DELETE FROM token_count_groups WHERE n <= 0;
  ELSE
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, listed, n)
    SELECT collection_id, media_type, chain_id, creator, listed, sum(delta) FROM (
      SELECT nr.collection_id, nr.media_type, nr.chain_id, nr.creator, nr.price_wei IS NOT NULL AS listed, 1 AS delta
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (o.collection_id, o.media_type, o.chain_id, o.creator, o.price_wei IS NOT NULL)
        IS DISTINCT FROM (nr.collection_id, nr.media_type, nr.chain_id, nr.creator, nr.price_wei IS NOT NULL)
      UNION ALL
      SELECT o.collection_id, o.media_type, o.chain_id, o.creator, o.price_wei IS NOT NULL AS listed, -1 AS delta
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (o.collection_id, o.media_type, o.chain_id, o.creator, o.price_wei IS NOT NULL)
        IS DISTINCT FROM (nr.collection_id, nr.media_type, nr.chain_id, nr.creator, nr.price_wei IS NOT NULL)
    ) AS moved GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (collection_id, media_type, chain_id, creator, listed) DO UPDATE SET n = g.n + EXCLUDED.n;
    DELETE FROM token_count_groups WHERE n <= 0;
  END IF;
  RETURN NULL;
END
$$;
