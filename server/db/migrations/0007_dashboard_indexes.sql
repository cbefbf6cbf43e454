CREATE INDEX "all_out_sales_seller_idx" ON "all_out_sales" USING btree ("seller","id");--> statement-breakpoint
CREATE INDEX "sales_open_idx" ON "sales" USING btree ("id") WHERE was_cancelled = false AND sold_amount < amount;--> statement-breakpoint
CREATE INDEX "sales_open_seller_idx" ON "sales" USING btree ("seller","id") WHERE was_cancelled = false AND sold_amount < amount;--> statement-breakpoint
CREATE INDEX "sales_open_collection_idx" ON "sales" USING btree ("collection_id","id") WHERE was_cancelled = false AND sold_amount < amount;--> statement-breakpoint
CREATE INDEX "sales_all_out_idx" ON "sales" USING btree ("chain_id","marketplace","all_out_sale_id");--> statement-breakpoint
CREATE INDEX "sales_sale_id_idx" ON "sales" USING btree ("sale_id","chain_id");