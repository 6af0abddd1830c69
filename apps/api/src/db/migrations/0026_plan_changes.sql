ALTER TABLE "billing_periods" ADD COLUMN "subscription_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "company_plans" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_subscription_invoice_id_invoices_id_fk" FOREIGN KEY ("subscription_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rows written before this column (registration, the platform company) took effect when made.
UPDATE "company_plans" SET "applied_at" = "created_at" WHERE "status" = 'planned' AND "valid_from" <= CURRENT_DATE;
