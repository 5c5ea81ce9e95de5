CREATE TABLE "relatives_gate" (
	"barcode" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"person_id" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"figures" jsonb,
	"ip" text,
	"device" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
CREATE TABLE "relatives_pauses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scopes" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rechecked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_files" ADD COLUMN "upload_ip" text;--> statement-breakpoint
ALTER TABLE "raw_files" ADD COLUMN "upload_device" text;--> statement-breakpoint
ALTER TABLE "relatives_gate" ADD CONSTRAINT "relatives_gate_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatives_gate" ADD CONSTRAINT "relatives_gate_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatives_gate" ADD CONSTRAINT "relatives_gate_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relatives_pauses" ADD CONSTRAINT "relatives_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relatives_gate_user_idx" ON "relatives_gate" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "relatives_gate_ip_idx" ON "relatives_gate" USING btree ("ip","created_at");