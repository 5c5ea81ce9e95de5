CREATE TABLE "genome_layouts" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"marker_count" integer NOT NULL,
	"vendor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genome_repacks" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "relative_matches" ALTER COLUMN "grade" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "genomes" ADD COLUMN "layout_id" text;--> statement-breakpoint
ALTER TABLE "genomes" ADD COLUMN "panel_packed" "bytea";--> statement-breakpoint
ALTER TABLE "relative_matches" ADD COLUMN "overlap_markers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "relative_matches" ADD COLUMN "insufficient_overlap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "genomes" ADD CONSTRAINT "genomes_layout_id_genome_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."genome_layouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "genomes_layout_idx" ON "genomes" USING btree ("layout_id");