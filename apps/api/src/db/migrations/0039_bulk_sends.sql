CREATE TABLE "bulk_send_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_send_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"state" varchar(16) NOT NULL,
	"sign_request_id" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"api_key_id" integer,
	"template_id" integer,
	"template_name" text NOT NULL,
	"filename" text NOT NULL,
	"state" varchar(16) DEFAULT 'previewed' NOT NULL,
	"subject" text,
	"message" text,
	"expires_at" timestamp with time zone,
	"is_sync" boolean DEFAULT false NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_valid" integer NOT NULL,
	"signers_per_row" integer NOT NULL,
	"credits_cost" integer NOT NULL,
	"credits_reserved" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN "bulk_send_id" integer;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN "bulk_send_row" integer;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_rows_batch_row_idx" ON "bulk_send_rows" USING btree ("bulk_send_id","row_number");--> statement-breakpoint
CREATE INDEX "bulk_send_rows_batch_state_idx" ON "bulk_send_rows" USING btree ("bulk_send_id","state","row_number");--> statement-breakpoint
CREATE INDEX "bulk_sends_company_idx" ON "bulk_sends" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "bulk_sends_sending_idx" ON "bulk_sends" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_requests_bulk_row_idx" ON "sign_requests" USING btree ("bulk_send_id","bulk_send_row");--> statement-breakpoint
-- A request made for a batch row belongs to that batch (kept here, not in the schema files, so
-- that they import no circle), and a company's list can be filtered by it.
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_bulk_send_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_requests_company_bulk_idx" ON "sign_requests" USING btree ("company_id","bulk_send_id","id") WHERE "bulk_send_id" IS NOT NULL;--> statement-breakpoint
-- Bulk send is a feature of the standard and premium plans.
UPDATE "payment_plans" SET "features" = "features" || '["bulk_send"]'::jsonb WHERE "id" IN (2, 3) AND NOT "features" ? 'bulk_send';
