CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"alias" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"avatar" text,
	"is_creator" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"bio" text,
	"twitter" text,
	"instagram" text,
	"web" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_address_unique" UNIQUE("address"),
	CONSTRAINT "accounts_address_lower" CHECK ("accounts"."address" = lower("accounts"."address"))
);
--> statement-breakpoint
CREATE TABLE "all_out_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"marketplace" text NOT NULL,
	"all_out_sale_id" numeric(78, 0) NOT NULL,
	"collection_id" bigint NOT NULL,
	"seller" text NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"currency" text NOT NULL,
	"was_cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"ipfs_hash" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"artist_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"cover" text,
	"description" text,
	"featured_token_id" bigint,
	"featured_artwork_description" text,
	"about" text,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"portfolio" jsonb DEFAULT '{"context":"","items":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artists_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "auth_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text,
	"thumbnail" text,
	"media_type" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"base_uri" text,
	"creator" text NOT NULL,
	"token_count" integer DEFAULT 0 NOT NULL,
	"supply_per_token" integer DEFAULT 1 NOT NULL,
	"royalties_basispoints" integer DEFAULT 0 NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'building' NOT NULL,
	"attributes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "collections_addresses_lower" CHECK ("collections"."creator" = lower("collections"."creator") AND "collections"."address" = lower("collections"."address"))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text DEFAULT 'token' NOT NULL,
	"token_id" bigint,
	"collection_id" bigint,
	"exhibition_id" bigint,
	"account_id" bigint NOT NULL,
	"parent_id" bigint,
	"text" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"topic" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_artworks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exhibition_id" bigint NOT NULL,
	"token_id" bigint NOT NULL,
	"order" integer NOT NULL,
	"medium" text
);
--> statement-breakpoint
CREATE TABLE "exhibitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"cover" text,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"exhibition_intro" text,
	"curatorial_statement" text,
	"curator" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_id" bigint NOT NULL,
	"owner" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_owner_lower" CHECK ("holdings"."owner" = lower("holdings"."owner"))
);
--> statement-breakpoint
CREATE TABLE "indexer_state" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_state_chain_id_contract_pk" PRIMARY KEY("chain_id","contract")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"cid" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"sale_ref" bigint NOT NULL,
	"token_ref" bigint NOT NULL,
	"buyer" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'made' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"marketplace" text NOT NULL,
	"sale_id" numeric(78, 0) NOT NULL,
	"all_out_sale_id" numeric(78, 0),
	"token_ref" bigint NOT NULL,
	"collection_id" bigint NOT NULL,
	"seller" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"currency" text NOT NULL,
	"was_cancelled" boolean DEFAULT false NOT NULL,
	"sold_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"media" text,
	"thumbnail" text,
	"media_type" text NOT NULL,
	"filename" text,
	"attributes" jsonb,
	"metadata" jsonb,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"creator" text NOT NULL,
	"price_wei" numeric(78, 0),
	"listed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_creator_lower" CHECK ("tokens"."creator" = lower("tokens"."creator"))
);
--> statement-breakpoint
ALTER TABLE "all_out_sales" ADD CONSTRAINT "all_out_sales_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_featured_token_id_tokens_id_fk" FOREIGN KEY ("featured_token_id") REFERENCES "public"."tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_exhibition_id_exhibitions_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_artworks" ADD CONSTRAINT "exhibition_artworks_exhibition_id_exhibitions_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_artworks" ADD CONSTRAINT "exhibition_artworks_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sale_ref_sales_id_fk" FOREIGN KEY ("sale_ref") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_token_ref_tokens_id_fk" FOREIGN KEY ("token_ref") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_token_ref_tokens_id_fk" FOREIGN KEY ("token_ref") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "all_out_sales_chain_id_uq" ON "all_out_sales" USING btree ("chain_id","marketplace","all_out_sale_id");--> statement-breakpoint
CREATE INDEX "all_out_sales_collection_idx" ON "all_out_sales" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "api_keys_address_idx" ON "api_keys" USING btree ("address");--> statement-breakpoint
CREATE INDEX "articles_artist_idx" ON "articles" USING btree ("artist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_chain_address_uq" ON "collections" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "collections_creator_idx" ON "collections" USING btree ("creator","id");--> statement-breakpoint
CREATE INDEX "collections_media_type_idx" ON "collections" USING btree ("media_type","id");--> statement-breakpoint
CREATE INDEX "collections_chain_idx" ON "collections" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "collections_featured_idx" ON "collections" USING btree ("is_featured");--> statement-breakpoint
CREATE INDEX "comments_token_idx" ON "comments" USING btree ("token_id","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "exhibition_artworks_exhibition_idx" ON "exhibition_artworks" USING btree ("exhibition_id","order");--> statement-breakpoint
CREATE INDEX "exhibitions_dates_idx" ON "exhibitions" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_token_owner_uq" ON "holdings" USING btree ("token_id","owner");--> statement-breakpoint
CREATE INDEX "holdings_owner_idx" ON "holdings" USING btree ("owner","id");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_token_account_uq" ON "likes" USING btree ("token_id","account_id");--> statement-breakpoint
CREATE INDEX "likes_account_idx" ON "likes" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "offers_sale_token_buyer_idx" ON "offers" USING btree ("sale_ref","token_ref","buyer");--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer","id");--> statement-breakpoint
CREATE INDEX "offers_token_idx" ON "offers" USING btree ("token_ref","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_chain_sale_uq" ON "sales" USING btree ("chain_id","marketplace","sale_id");--> statement-breakpoint
CREATE INDEX "sales_token_idx" ON "sales" USING btree ("token_ref");--> statement-breakpoint
CREATE INDEX "sales_collection_idx" ON "sales" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_collection_token_uq" ON "tokens" USING btree ("collection_id","token_id");--> statement-breakpoint
CREATE INDEX "tokens_likes_idx" ON "tokens" USING btree ("likes_count","id");--> statement-breakpoint
CREATE INDEX "tokens_price_idx" ON "tokens" USING btree ("price_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_idx" ON "tokens" USING btree ("media_type","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_likes_idx" ON "tokens" USING btree ("media_type","likes_count","id");--> statement-breakpoint
CREATE INDEX "tokens_media_type_price_idx" ON "tokens" USING btree ("media_type","price_wei","id");--> statement-breakpoint
CREATE INDEX "tokens_creator_idx" ON "tokens" USING btree ("creator","id");--> statement-breakpoint
CREATE INDEX "tokens_chain_idx" ON "tokens" USING btree ("chain_id","id");