CREATE TABLE "family_trees" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"name" text NOT NULL,
	"master_node_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"state" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"report" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reunion_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"sought_surname" text NOT NULL,
	"sought_name" text DEFAULT '' NOT NULL,
	"sought_sex" text NOT NULL,
	"relation" text NOT NULL,
	"lost_date" jsonb,
	"lost_place" jsonb,
	"birth_place" jsonb,
	"story" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"person_id" text,
	"contact_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tree_members" (
	"tree_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tree_members_tree_id_user_id_pk" PRIMARY KEY("tree_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tree_persons" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"surname" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"courtesy_name" text DEFAULT '' NOT NULL,
	"art_name" text DEFAULT '' NOT NULL,
	"sex" text NOT NULL,
	"birth" jsonb,
	"death" jsonb,
	"living" boolean DEFAULT false NOT NULL,
	"birth_place" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"linked_person_id" text,
	"gedcom_id" text,
	"import_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tree_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"person_id" text NOT NULL,
	"url" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tree_relations" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tree_stories" (
	"id" text PRIMARY KEY NOT NULL,
	"tree_id" text NOT NULL,
	"person_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_trees" ADD CONSTRAINT "family_trees_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gedcom_imports" ADD CONSTRAINT "gedcom_imports_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gedcom_imports" ADD CONSTRAINT "gedcom_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reunion_entries" ADD CONSTRAINT "reunion_entries_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reunion_entries" ADD CONSTRAINT "reunion_entries_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_members" ADD CONSTRAINT "tree_members_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_members" ADD CONSTRAINT "tree_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_persons" ADD CONSTRAINT "tree_persons_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_persons" ADD CONSTRAINT "tree_persons_linked_person_id_persons_id_fk" FOREIGN KEY ("linked_person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_photos" ADD CONSTRAINT "tree_photos_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_photos" ADD CONSTRAINT "tree_photos_person_id_tree_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_from_id_tree_persons_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_relations" ADD CONSTRAINT "tree_relations_to_id_tree_persons_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_stories" ADD CONSTRAINT "tree_stories_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_stories" ADD CONSTRAINT "tree_stories_person_id_tree_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."tree_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_trees_owner_idx" ON "family_trees" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "gedcom_imports_tree_idx" ON "gedcom_imports" USING btree ("tree_id");--> statement-breakpoint
CREATE INDEX "reunion_entries_owner_idx" ON "reunion_entries" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "reunion_entries_surname_idx" ON "reunion_entries" USING btree ("sought_surname");--> statement-breakpoint
CREATE INDEX "tree_members_user_idx" ON "tree_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tree_persons_tree_idx" ON "tree_persons" USING btree ("tree_id");--> statement-breakpoint
CREATE INDEX "tree_photos_person_idx" ON "tree_photos" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "tree_relations_tree_idx" ON "tree_relations" USING btree ("tree_id");--> statement-breakpoint
CREATE INDEX "tree_relations_to_idx" ON "tree_relations" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "tree_stories_person_idx" ON "tree_stories" USING btree ("person_id","created_at");