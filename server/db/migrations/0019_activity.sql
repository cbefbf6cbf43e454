CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"marketplace" text NOT NULL,
	"type" text NOT NULL,
	"token_ref" bigint NOT NULL,
	"collection_id" bigint NOT NULL,
	"from_address" text,
	"to_address" text,
	"amount" numeric(78, 0) NOT NULL,
	"price_wei" numeric(78, 0),
	"currency" text,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indexer_state" ADD COLUMN "derived_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_token_ref_tokens_id_fk" FOREIGN KEY ("token_ref") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_token_idx" ON "activity" USING btree ("token_ref","id");--> statement-breakpoint
CREATE INDEX "activity_collection_idx" ON "activity" USING btree ("collection_id","id");--> statement-breakpoint
CREATE INDEX "activity_from_idx" ON "activity" USING btree ("from_address","id");--> statement-breakpoint
CREATE INDEX "activity_to_idx" ON "activity" USING btree ("to_address","id");--> statement-breakpoint
CREATE INDEX "activity_chain_idx" ON "activity" USING btree ("chain_id","marketplace");--> statement-breakpoint
CREATE INDEX "activity_tx_idx" ON "activity" USING btree ("transaction_hash");