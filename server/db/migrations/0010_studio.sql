CREATE TABLE "canvas_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" bigint NOT NULL,
	"uploader" text NOT NULL,
	"context" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text,
	"size" integer NOT NULL,
	"token_ref" bigint,
	"cid" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "canvas_uploads" ADD CONSTRAINT "canvas_uploads_canvas_id_collections_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_uploads" ADD CONSTRAINT "canvas_uploads_token_ref_tokens_id_fk" FOREIGN KEY ("token_ref") REFERENCES "public"."tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_uploads_canvas_idx" ON "canvas_uploads" USING btree ("canvas_id");