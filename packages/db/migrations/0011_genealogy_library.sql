CREATE TABLE "families" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"type" text NOT NULL,
	"owner_user_id" text,
	"demo" boolean DEFAULT false NOT NULL,
	"origin" text,
	"intro" text,
	"generation_names" text,
	"ancestor" text,
	"haplogroup" text,
	"celebrities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"researching" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"barcode" text NOT NULL,
	"person_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_history_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"year" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_leads" (
	"barcode" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"surname" text NOT NULL,
	"residence" text DEFAULT '' NOT NULL,
	"birth_place" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_project_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_project_members" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"title" text NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surname_history" (
	"id" text PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"source" text NOT NULL,
	"proposal_id" text,
	"reviewer_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surname_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"user_id" text NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewer_user_id" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surnames" (
	"name" text PRIMARY KEY NOT NULL,
	"pinyin" text NOT NULL,
	"pinyin_plain" text NOT NULL,
	"initials" text NOT NULL,
	"baijiaxing_order" integer,
	"rank" integer,
	"population" integer,
	"share" real,
	"stats_source" text,
	"junwang" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"founder" text,
	"tanghao" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"largest_in_provinces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"living" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"field_sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_claims" ADD CONSTRAINT "family_claims_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_claims" ADD CONSTRAINT "family_claims_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_claims" ADD CONSTRAINT "family_claims_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_claims" ADD CONSTRAINT "family_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_history_lines" ADD CONSTRAINT "family_history_lines_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_history_lines" ADD CONSTRAINT "family_history_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_leads" ADD CONSTRAINT "family_leads_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_leads" ADD CONSTRAINT "family_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_materials" ADD CONSTRAINT "family_materials_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_materials" ADD CONSTRAINT "family_materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_project_comments" ADD CONSTRAINT "family_project_comments_project_id_family_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."family_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_project_comments" ADD CONSTRAINT "family_project_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_project_members" ADD CONSTRAINT "family_project_members_project_id_family_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."family_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_project_members" ADD CONSTRAINT "family_project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_projects" ADD CONSTRAINT "family_projects_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_projects" ADD CONSTRAINT "family_projects_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_history" ADD CONSTRAINT "surname_history_surname_surnames_name_fk" FOREIGN KEY ("surname") REFERENCES "public"."surnames"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_history" ADD CONSTRAINT "surname_history_proposal_id_surname_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."surname_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_history" ADD CONSTRAINT "surname_history_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_proposals" ADD CONSTRAINT "surname_proposals_surname_surnames_name_fk" FOREIGN KEY ("surname") REFERENCES "public"."surnames"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_proposals" ADD CONSTRAINT "surname_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_proposals" ADD CONSTRAINT "surname_proposals_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "families_updated_idx" ON "families" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "families_surname_idx" ON "families" USING btree ("surname");--> statement-breakpoint
CREATE UNIQUE INDEX "family_claims_family_barcode_idx" ON "family_claims" USING btree ("family_id","barcode");--> statement-breakpoint
CREATE INDEX "family_claims_barcode_idx" ON "family_claims" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "family_history_family_idx" ON "family_history_lines" USING btree ("family_id","year");--> statement-breakpoint
CREATE INDEX "family_materials_family_idx" ON "family_materials" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "family_project_comments_idx" ON "family_project_comments" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_project_members_idx" ON "family_project_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "family_projects_family_idx" ON "family_projects" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "surname_history_surname_idx" ON "surname_history" USING btree ("surname","created_at");--> statement-breakpoint
CREATE INDEX "surname_proposals_status_idx" ON "surname_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "surname_proposals_user_idx" ON "surname_proposals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "surnames_pinyin_idx" ON "surnames" USING btree ("pinyin_plain");--> statement-breakpoint
CREATE INDEX "surnames_initials_idx" ON "surnames" USING btree ("initials");