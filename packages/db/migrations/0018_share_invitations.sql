CREATE TABLE "share_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"tree_id" text,
	"person_id" text,
	"role" text,
	"inviter_user_id" text NOT NULL,
	"nation_code" text NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_invitations" ADD CONSTRAINT "share_invitations_tree_id_family_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."family_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_invitations" ADD CONSTRAINT "share_invitations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_invitations" ADD CONSTRAINT "share_invitations_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_invitations_phone_idx" ON "share_invitations" USING btree ("nation_code","phone","status");--> statement-breakpoint
CREATE INDEX "share_invitations_inviter_idx" ON "share_invitations" USING btree ("inviter_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_invitations_tree_pending_uq" ON "share_invitations" USING btree ("tree_id","nation_code","phone") WHERE "share_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "share_invitations_person_pending_uq" ON "share_invitations" USING btree ("person_id","nation_code","phone") WHERE "share_invitations"."status" = 'pending';