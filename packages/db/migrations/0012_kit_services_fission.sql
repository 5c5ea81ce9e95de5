CREATE TABLE "lab_results" (
	"id" text PRIMARY KEY NOT NULL,
	"barcode" text NOT NULL,
	"test_type" text NOT NULL,
	"items" jsonb NOT NULL,
	"conclusion" text NOT NULL,
	"lab_name" text NOT NULL,
	"sampled_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	"entered_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"rules" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"pic_infos" jsonb NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_pics_check" CHECK (jsonb_array_length("activities"."pic_infos") = 3),
	CONSTRAINT "activities_dates_check" CHECK ("activities"."end_date" > "activities"."start_date"),
	CONSTRAINT "activities_reward_check" CHECK ("activities"."reward_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fission_invites" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fission_invites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"order_id" text PRIMARY KEY NOT NULL,
	"inviter_user_id" text NOT NULL,
	"invitee_user_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"amount" integer NOT NULL,
	"ledger_tx_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_user_id" text PRIMARY KEY NOT NULL,
	"inviter_user_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."invitee_user_id" <> "referrals"."inviter_user_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "staff_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_barcode_kits_barcode_fk" FOREIGN KEY ("barcode") REFERENCES "public"."kits"("barcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_invites" ADD CONSTRAINT "fission_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_barcode_uq" ON "lab_results" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "lab_results_type_idx" ON "lab_results" USING btree ("test_type");--> statement-breakpoint
CREATE INDEX "activities_topic_idx" ON "activities" USING btree ("topic","start_date");--> statement-breakpoint
CREATE INDEX "referral_rewards_inviter_idx" ON "referral_rewards" USING btree ("inviter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id");--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kits_order_idx" ON "kits" USING btree ("order_id");