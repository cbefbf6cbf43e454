CREATE TABLE "pin_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection_id" bigint NOT NULL,
	"cid" text NOT NULL,
	"name" text NOT NULL,
	"request_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_requests_status" CHECK ("pin_requests"."status" in ('queued', 'pinning', 'pinned', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "pin_requests" ADD CONSTRAINT "pin_requests_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pin_requests_collection_cid_uq" ON "pin_requests" USING btree ("collection_id","cid");