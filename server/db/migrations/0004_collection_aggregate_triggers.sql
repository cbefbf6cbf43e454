-- Keeps collections.likes_count (sum of its tokens' likes) and collections.price_wei (its lowest listing price)
-- current from statement-level triggers on tokens: sums move by deltas, the floor is recomputed only when
-- a price in the collection changed (from the collection's own tokens).
CREATE OR REPLACE FUNCTION collection_aggregates_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE collections c
    SET likes_count = c.likes_count + d.likes, price_wei = least(c.price_wei, d.floor)
    FROM (SELECT collection_id, sum(likes_count) AS likes, min(price_wei) AS floor FROM new_rows GROUP BY 1) AS d
    WHERE c.id = d.collection_id AND (d.likes <> 0 OR d.floor IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE collections c
    SET likes_count = c.likes_count - d.likes,
        price_wei = CASE WHEN d.price_changed
          THEN (SELECT min(t.price_wei) FROM tokens t WHERE t.collection_id = c.id) ELSE c.price_wei END
    FROM (
      SELECT collection_id, sum(likes_count) AS likes, bool_or(price_wei IS NOT NULL) AS price_changed
      FROM old_rows GROUP BY 1
    ) AS d
    WHERE c.id = d.collection_id AND (d.likes <> 0 OR d.price_changed);
  ELSE
    UPDATE collections c
    SET likes_count = c.likes_count + d.likes,
        price_wei = CASE WHEN d.price_changed
          THEN (SELECT min(t.price_wei) FROM tokens t WHERE t.collection_id = c.id) ELSE c.price_wei END
    FROM (
      SELECT collection_id, sum(likes) AS likes, bool_or(price_changed) AS price_changed FROM (
        SELECT nr.collection_id,
               nr.likes_count - CASE WHEN o.collection_id = nr.collection_id THEN o.likes_count ELSE 0 END AS likes,
               (o.price_wei IS DISTINCT FROM nr.price_wei OR o.collection_id <> nr.collection_id) AS price_changed
        FROM new_rows nr JOIN old_rows o ON o.id = nr.id
        UNION ALL
        SELECT o.collection_id, -o.likes_count, o.price_wei IS NOT NULL
        FROM new_rows nr JOIN old_rows o ON o.id = nr.id
        WHERE o.collection_id <> nr.collection_id
      ) AS moved GROUP BY 1
    ) AS d
    WHERE c.id = d.collection_id AND (d.likes <> 0 OR d.price_changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_aggregates_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections SET likes_count = 0, price_wei = NULL WHERE likes_count <> 0 OR price_wei IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tokens_collection_aggregates_insert AFTER INSERT ON tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_aggregates_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_collection_aggregates_delete AFTER DELETE ON tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_aggregates_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_collection_aggregates_update AFTER UPDATE ON tokens REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_aggregates_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_collection_aggregates_truncate AFTER TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION collection_aggregates_truncate();
--> statement-breakpoint
-- Databases created before this migration start from the current tokens.
UPDATE collections c
SET likes_count = agg.likes, price_wei = agg.floor
FROM (SELECT collection_id, sum(likes_count) AS likes, min(price_wei) AS floor FROM tokens GROUP BY 1) AS agg
WHERE c.id = agg.collection_id;
