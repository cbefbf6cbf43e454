ALTER TABLE "collections" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "price_wei" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "collections_likes_idx" ON "collections" USING btree ("likes_count","id");--> statement-breakpoint
CREATE INDEX "collections_price_idx" ON "collections" USING btree ("price_wei","id");