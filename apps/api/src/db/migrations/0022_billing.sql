CREATE TABLE "billable_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"cause_key" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" integer,
	CONSTRAINT "billable_usage_cause_key_unique" UNIQUE("cause_key")
);
--> statement-breakpoint
CREATE TABLE "billing_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"invoice_id" integer,
	"billed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_periods_company_start_unique" UNIQUE("company_id","starts_on")
);
--> statement-breakpoint
CREATE TABLE "company_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_plan_companies" (
	"plan_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "payment_plan_companies_plan_id_company_id_pk" PRIMARY KEY("plan_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_objects_idempotency_unique" UNIQUE("kind","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"cause_key" text NOT NULL,
	"provider_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credits" integer,
	"company_plan_id" integer,
	"invoice_id" integer,
	"return_token" text NOT NULL,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payments_cause_key_unique" UNIQUE("cause_key"),
	CONSTRAINT "payments_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "payments_return_token_unique" UNIQUE("return_token")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_mandate_id" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billable_usage" ADD CONSTRAINT "billable_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_usage" ADD CONSTRAINT "billable_usage_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_plans" ADD CONSTRAINT "company_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_plans" ADD CONSTRAINT "company_plans_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_companies" ADD CONSTRAINT "payment_plan_companies_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_companies" ADD CONSTRAINT "payment_plan_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_plan_id_company_plans_id_fk" FOREIGN KEY ("company_plan_id") REFERENCES "public"."company_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_usage_unbilled_idx" ON "billable_usage" USING btree ("company_id","occurred_at") WHERE invoice_id IS NULL;--> statement-breakpoint
CREATE INDEX "billing_periods_unbilled_idx" ON "billing_periods" USING btree ("ends_on") WHERE billed_at IS NULL;--> statement-breakpoint
CREATE INDEX "company_plans_company_idx" ON "company_plans" USING btree ("company_id","valid_from");--> statement-breakpoint
CREATE INDEX "payment_plan_companies_company_idx" ON "payment_plan_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_simulator_objects_parent_idx" ON "payment_simulator_objects" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","id");--> statement-breakpoint
-- Plan features as seed 001 §6 lists them.
UPDATE "payment_plans" SET "features" = '["multiple_signers","multiple_documents","input_fields","buy_credits"]' WHERE "id" = 1;
--> statement-breakpoint
UPDATE "payment_plans" SET "features" = '["multiple_signers","multiple_documents","input_fields","own_styling","templates","email_templates","departments","users","buy_credits"]' WHERE "id" = 2;
--> statement-breakpoint
UPDATE "payment_plans" SET "features" = '["multiple_signers","multiple_documents","input_fields","own_styling","templates","email_templates","departments","users","buy_credits","api","webhooks","idin_verification"]' WHERE "id" = 3;
--> statement-breakpoint
UPDATE "payment_plans" SET "features" = '["multiple_signers","multiple_documents","input_fields","own_styling","templates","email_templates","departments","users","api","webhooks","idin_verification"]' WHERE "id" = 4;
--> statement-breakpoint
-- Every company's current plan becomes the first row of its history.
INSERT INTO "company_plans" ("company_id", "plan_id", "valid_from", "status")
SELECT "id", "payment_plan_id", ("created_at" AT TIME ZONE 'Europe/Amsterdam')::date, 'planned' FROM "companies";
