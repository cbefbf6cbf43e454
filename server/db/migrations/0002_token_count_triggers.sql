-- Keeps token_count_groups exact: statement-level triggers fold each statement's rows into per-group deltas.
CREATE OR REPLACE FUNCTION token_count_groups_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, n)
    SELECT collection_id, media_type, chain_id, creator, count(*) FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT (collection_id, media_type, chain_id, creator) DO UPDATE SET n = g.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, n)
    SELECT collection_id, media_type, chain_id, creator, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT (collection_id, media_type, chain_id, creator) DO UPDATE SET n = g.n + EXCLUDED.n;
    DELETE FROM token_count_groups WHERE n <= 0;
  ELSE
    INSERT INTO token_count_groups AS g (collection_id, media_type, chain_id, creator, n)
    SELECT collection_id, media_type, chain_id, creator, sum(delta) FROM (
      SELECT nr.collection_id, nr.media_type, nr.chain_id, nr.creator, 1 AS delta
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (o.collection_id, o.media_type, o.chain_id, o.creator) IS DISTINCT FROM (nr.collection_id, nr.media_type, nr.chain_id, nr.creator)
      UNION ALL
      SELECT o.collection_id, o.media_type, o.chain_id, o.creator, -1 AS delta
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (o.collection_id, o.media_type, o.chain_id, o.creator) IS DISTINCT FROM (nr.collection_id, nr.media_type, nr.chain_id, nr.creator)
    ) AS moved GROUP BY 1, 2, 3, 4
    ON CONFLICT (collection_id, media_type, chain_id, creator) DO UPDATE SET n = g.n + EXCLUDED.n;
    DELETE FROM token_count_groups WHERE n <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION token_count_groups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM token_count_groups;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tokens_count_insert AFTER INSERT ON tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION token_count_groups_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_count_delete AFTER DELETE ON tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION token_count_groups_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_count_update AFTER UPDATE ON tokens REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION token_count_groups_sync();
--> statement-breakpoint
CREATE TRIGGER tokens_count_truncate AFTER TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION token_count_groups_truncate();
--> statement-breakpoint
-- Databases created before this migration start from the current rows.
INSERT INTO token_count_groups (collection_id, media_type, chain_id, creator, n)
SELECT collection_id, media_type, chain_id, creator, count(*) FROM tokens GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
