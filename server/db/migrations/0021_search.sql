-- Search by name (server/graphql/search): trigram indexes answer a case-insensitive substring match (ILIKE '%text%').
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "collections_name_trgm_idx" ON "collections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tokens_name_trgm_idx" ON "tokens" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artists_sort_key_trgm_idx" ON "artists" USING gin ("sort_key" gin_trgm_ops);