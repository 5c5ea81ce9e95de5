CREATE TABLE "electronic_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"barcode" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"source_computed_at" timestamp with time zone,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "genomes" (
	"barcode" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"packed" "bytea" NOT NULL,
	"vendor" text NOT NULL,
	"build" text NOT NULL,
	"sex" text,
	"call_rate" real NOT NULL,
	"marker_count" integer NOT NULL,
	"y_haplogroup" text,
	"mt_haplogroup" text,
	"raw_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"person_id" text NOT NULL,
	"raw_file_id" text,
	"file_sha256" text NOT NULL,
	"barcode" text,
	"stage" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" integer NOT NULL,
	"module" text DEFAULT 'notification' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"related_id" text,
	"from_user" jsonb,
	"webview_url" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"singleton_key" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"person_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"received_bytes" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"storage_key" text NOT NULL,
	"state" text DEFAULT 'receiving' NOT NULL,
	"thawed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_feels" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"barcode" text NOT NULL,
	"module" text NOT NULL,
	"relate_id" text NOT NULL,
	"feel" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_results" (
	"barcode" text PRIMARY KEY NOT NULL,
	"kb_version" text NOT NULL,
	"items" jsonb NOT NULL,
	"haplogroups" jsonb,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"type" text NOT NULL,
	"person_id" text NOT NULL,
	"barcode" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_online_product" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "support_submodules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "electronic_reports" ADD CONSTRAINT "electronic_reports_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_reports" ADD CONSTRAINT "electronic_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genomes" ADD CONSTRAINT "genomes_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genomes" ADD CONSTRAINT "genomes_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genomes" ADD CONSTRAINT "genomes_raw_file_id_raw_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."raw_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_raw_file_id_raw_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."raw_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_files" ADD CONSTRAINT "raw_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_files" ADD CONSTRAINT "raw_files_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_feels" ADD CONSTRAINT "report_feels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_feels" ADD CONSTRAINT "report_feels_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_results" ADD CONSTRAINT "report_results_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tokens" ADD CONSTRAINT "share_tokens_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tokens" ADD CONSTRAINT "share_tokens_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_tokens" ADD CONSTRAINT "share_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "electronic_reports_barcode_idx" ON "electronic_reports" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "genomes_person_idx" ON "genomes" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_person_file_uq" ON "import_jobs" USING btree ("person_id","file_sha256");--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "queue_jobs_ready_idx" ON "queue_jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_jobs_singleton_uq" ON "queue_jobs" USING btree ("name","singleton_key");--> statement-breakpoint
CREATE INDEX "raw_files_person_idx" ON "raw_files" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "raw_files_user_idx" ON "raw_files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_feels_uq" ON "report_feels" USING btree ("user_id","barcode","module","relate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_tokens_hash_uq" ON "share_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_tokens_person_idx" ON "share_tokens" USING btree ("person_id");