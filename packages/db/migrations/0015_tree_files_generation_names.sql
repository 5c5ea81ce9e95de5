CREATE TABLE "tree_files" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"person_id" text,
	"uploader_user_id" text,
	"source_type" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_trees" ADD COLUMN "generation_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tree_files" ADD CONSTRAINT "tree_files_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_files" ADD CONSTRAINT "tree_files_person_id_tree_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_files" ADD CONSTRAINT "tree_files_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_files_tree_idx" ON "tree_files" USING btree ("tree_id","created_at");--> statement-breakpoint
CREATE INDEX "tree_files_person_idx" ON "tree_files" USING btree ("person_id");