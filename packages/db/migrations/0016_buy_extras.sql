ALTER TABLE "orders" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "service" jsonb;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "expedited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "target_barcode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_target_barcode_kits_barcode_fk" FOREIGN KEY ("target_barcode") REFERENCES "public"."kits"("barcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_target_barcode_idx" ON "orders" USING btree ("target_barcode");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_or_target_check" CHECK ("orders"."address" IS NOT NULL OR "orders"."target_barcode" IS NOT NULL);