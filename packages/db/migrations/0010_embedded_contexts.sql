CREATE TABLE "bridge_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"context" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "bridge_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "wechat_identities" (
	"openid" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"bind_token_hash" text,
	"bind_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"bound_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bridge_tokens" ADD CONSTRAINT "bridge_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_identities" ADD CONSTRAINT "wechat_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridge_tokens_user_idx" ON "bridge_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wechat_identities_user_idx" ON "wechat_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wechat_identities_bind_idx" ON "wechat_identities" USING btree ("bind_token_hash");