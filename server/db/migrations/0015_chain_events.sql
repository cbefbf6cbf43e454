CREATE TABLE "chain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"deployment" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"transaction_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"address" text NOT NULL,
	"event_name" text NOT NULL,
	"args" jsonb NOT NULL,
	"facts" jsonb
);
--> statement-breakpoint
ALTER TABLE "indexer_state" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "indexer_state" ADD COLUMN "genesis_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_events_position_uq" ON "chain_events" USING btree ("chain_id","deployment","block_number","log_index");--> statement-breakpoint
CREATE INDEX "chain_events_tx_idx" ON "chain_events" USING btree ("transaction_hash");