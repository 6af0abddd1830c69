CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"department_id" integer,
	"state_id" integer DEFAULT 1 NOT NULL,
	"is_sync" boolean DEFAULT false NOT NULL,
	"send_documents_to_initiator" boolean DEFAULT false NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"email_templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"viewer_user_id" integer,
	"credits_cost" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"estimated_gdpr_purge_at" timestamp with time zone,
	"gdpr_purged_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signables" (
	"id" serial PRIMARY KEY NOT NULL,
	"sign_request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"has_acroforms" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{"forms_enabled":false}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{"variables":[],"fields":[]}'::jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"state_id" integer DEFAULT 1 NOT NULL,
	"signed_storage_key" text,
	"signed_sha256" text,
	"signed_size" integer,
	"signed_at" timestamp with time zone,
	"file_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"sign_request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"type" integer NOT NULL,
	"comment" text,
	"ip" text,
	"user_agent" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"sign_request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"locale" text DEFAULT 'nl' NOT NULL,
	"verifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idin_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminder_after" integer DEFAULT 3 NOT NULL,
	"max_reminders" integer DEFAULT 5 NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"manual_reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"allow_form_edit" boolean DEFAULT false NOT NULL,
	"state_id" integer DEFAULT 1 NOT NULL,
	"token_hash" text,
	"invited_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signables" ADD CONSTRAINT "signables_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signables" ADD CONSTRAINT "signables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD CONSTRAINT "signer_actions_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD CONSTRAINT "signer_actions_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD CONSTRAINT "signer_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD CONSTRAINT "signer_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_company_name_locale" ON "email_templates" USING btree ("company_id","name","locale");--> statement-breakpoint
CREATE INDEX "sign_requests_company_id_idx" ON "sign_requests" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sign_requests_company_state_idx" ON "sign_requests" USING btree ("company_id","state_id","id");--> statement-breakpoint
CREATE INDEX "sign_requests_company_created_idx" ON "sign_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_requests_viewer_idx" ON "sign_requests" USING btree ("viewer_user_id","id");--> statement-breakpoint
CREATE INDEX "sign_requests_state_expires_idx" ON "sign_requests" USING btree ("state_id","expires_at");--> statement-breakpoint
CREATE INDEX "signables_sign_request_idx" ON "signables" USING btree ("sign_request_id","position");--> statement-breakpoint
CREATE INDEX "signables_company_idx" ON "signables" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "signer_actions_signer_idx" ON "signer_actions" USING btree ("signer_id","id");--> statement-breakpoint
CREATE INDEX "signers_sign_request_idx" ON "signers" USING btree ("sign_request_id","position");--> statement-breakpoint
CREATE INDEX "signers_company_idx" ON "signers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signers_token_hash_unique" ON "signers" USING btree ("token_hash");