CREATE TABLE "invoice_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"value_cents" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"debtor_no" integer NOT NULL,
	"debtor_name" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"state" text NOT NULL,
	"type" text NOT NULL,
	"cause_key" text NOT NULL,
	"total_excl_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_incl_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_invoice_no_unique" UNIQUE("invoice_no"),
	CONSTRAINT "invoices_cause_key_unique" UNIQUE("cause_key"),
	CONSTRAINT "invoices_year_sequence_unique" UNIQUE("year","sequence")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "debtor_no" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_debtor_no_unique" UNIQUE("debtor_no");