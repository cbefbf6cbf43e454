CREATE TABLE "media_pins" (
	"cid" text NOT NULL,
	"collection_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_pins_cid_collection_id_pk" PRIMARY KEY("cid","collection_id")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "reused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_pins" ADD CONSTRAINT "media_pins_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_media_cid_idx" ON "tokens" USING btree ("media");--> statement-breakpoint
CREATE INDEX "tokens_thumbnail_cid_idx" ON "tokens" USING btree ("thumbnail");--> statement-breakpoint
CREATE INDEX "canvas_uploads_open_idx" ON "canvas_uploads" USING btree ("uploader") WHERE "canvas_uploads"."completed_at" is null;