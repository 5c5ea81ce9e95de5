CREATE TABLE "tree_wire_cache" (
	"tree_id" text NOT NULL,
	"variant" text NOT NULL,
	"revision" integer NOT NULL,
	"year" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"crc" bigint NOT NULL,
	"size" integer NOT NULL,
	"linked" jsonb NOT NULL,
	CONSTRAINT "tree_wire_cache_tree_id_variant_pk" PRIMARY KEY("tree_id","variant")
);
--> statement-breakpoint
ALTER TABLE "family_trees" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tree_wire_cache" ADD CONSTRAINT "tree_wire_cache_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;