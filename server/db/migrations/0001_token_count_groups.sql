CREATE TABLE "token_count_groups" (
	"collection_id" bigint NOT NULL,
	"media_type" text NOT NULL,
	"chain_id" integer NOT NULL,
	"creator" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "token_count_groups_collection_id_media_type_chain_id_creator_pk" PRIMARY KEY("collection_id","media_type","chain_id","creator")
);
