CREATE INDEX "tokens_chain_likes_idx" ON "tokens" USING btree ("chain_id","likes_count","id");--> statement-breakpoint
CREATE INDEX "tokens_chain_price_idx" ON "tokens" USING btree ("chain_id","price_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_likes_idx" ON "tokens" USING btree ("creator","likes_count","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_price_idx" ON "tokens" USING btree ("creator","price_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_collection_idx" ON "tokens" USING btree ("collection_id","id");