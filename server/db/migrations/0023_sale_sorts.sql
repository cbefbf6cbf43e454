ALTER TABLE "tokens" ALTER COLUMN "listed_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "last_sold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "last_sale_wei" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "tokens_listed_at_idx" ON "tokens" USING btree ("listed_at","id");--> statement-breakpoint
CREATE INDEX "tokens_last_sold_idx" ON "tokens" USING btree ("last_sold_at","id");--> statement-breakpoint
CREATE INDEX "tokens_last_sale_idx" ON "tokens" USING btree ("last_sale_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_listed_at_idx" ON "tokens" USING btree ("media_type","listed_at","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_last_sold_idx" ON "tokens" USING btree ("media_type","last_sold_at","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_last_sale_idx" ON "tokens" USING btree ("media_type","last_sale_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_chain_listed_at_idx" ON "tokens" USING btree ("chain_id","listed_at","id");--> statement-breakpoint
CREATE INDEX "tokens_chain_last_sold_idx" ON "tokens" USING btree ("chain_id","last_sold_at","id");--> statement-breakpoint
CREATE INDEX "tokens_chain_last_sale_idx" ON "tokens" USING btree ("chain_id","last_sale_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_listed_at_idx" ON "tokens" USING btree ("creator","listed_at","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_last_sold_idx" ON "tokens" USING btree ("creator","last_sold_at","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_last_sale_idx" ON "tokens" USING btree ("creator","last_sale_wei","id");--> statement-breakpoint
-- Each token's newest sale (a listing bought or an offer accepted), from the activity rows (the id is the chain's order).
UPDATE "tokens" t SET "last_sold_at" = s.block_time, "last_sale_wei" = s.price_wei
FROM (
  SELECT DISTINCT ON (token_ref) token_ref, block_time, price_wei FROM "activity"
  WHERE type IN ('listing_sold', 'offer_sold') ORDER BY token_ref, id DESC
) s
WHERE t.id = s.token_ref;
