-- The home page's carousel slides (issue 16; seed 001 §2 Home): content in the database. A slide links to an app
-- page (link_path) or to a collection (collection_id; deleting the collection removes the slide), exactly one of them.
CREATE TABLE "home_slides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"link_path" text,
	"collection_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_slides_position" CHECK ("home_slides"."position" between 1 and 4),
	CONSTRAINT "home_slides_link" CHECK (("home_slides"."link_path" is null) <> ("home_slides"."collection_id" is null)),
	CONSTRAINT "home_slides_link_path" CHECK ("home_slides"."link_path" is null or "home_slides"."link_path" ~ '^/[a-z0-9/-]*$')
);
--> statement-breakpoint
ALTER TABLE "home_slides" ADD CONSTRAINT "home_slides_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_slides_position_uq" ON "home_slides" USING btree ("position");