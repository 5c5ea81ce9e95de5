CREATE TABLE "ancestry_results" (
	"barcode" text PRIMARY KEY NOT NULL,
	"populations" jsonb NOT NULL,
	"markers_used" integer NOT NULL,
	"method" text NOT NULL,
	"reference_id" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relative_consents" (
	"person_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"protocol_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"open_clan_relation" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relative_matches" (
	"barcode" text NOT NULL,
	"relative_barcode" text NOT NULL,
	"person_id" text NOT NULL,
	"relative_person_id" text NOT NULL,
	"shared_cm" real NOT NULL,
	"longest_cm" real NOT NULL,
	"segment_count" integer NOT NULL,
	"shared_percent" real NOT NULL,
	"grade" text NOT NULL,
	"segments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relative_matches_barcode_relative_barcode_pk" PRIMARY KEY("barcode","relative_barcode")
);
--> statement-breakpoint
CREATE TABLE "ytree_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"haplogroup" text NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"create_type" text DEFAULT 'USER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ancestry_results" ADD CONSTRAINT "ancestry_results_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_consents" ADD CONSTRAINT "relative_consents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_consents" ADD CONSTRAINT "relative_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_matches" ADD CONSTRAINT "relative_matches_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_matches" ADD CONSTRAINT "relative_matches_relative_barcode_kits_barcode_fk" FOREIGN KEY ("relative_barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_matches" ADD CONSTRAINT "relative_matches_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_matches" ADD CONSTRAINT "relative_matches_relative_person_id_persons_id_fk" FOREIGN KEY ("relative_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ytree_comments" ADD CONSTRAINT "ytree_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relative_matches_relative_idx" ON "relative_matches" USING btree ("relative_barcode");--> statement-breakpoint
CREATE INDEX "ytree_comments_haplogroup_idx" ON "ytree_comments" USING btree ("haplogroup","created_at");