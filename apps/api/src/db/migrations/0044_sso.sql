CREATE TABLE "platform_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_configs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"saml_metadata_url" text,
	"saml_metadata_xml" text,
	"saml_sp_key" text,
	"saml_sp_cert" text,
	"default_role" text DEFAULT 'user' NOT NULL,
	"enforce" boolean DEFAULT false NOT NULL,
	"break_glass_user_id" integer,
	"scim_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_scim_token_unique" ON "sso_configs" USING btree ("scim_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_company_domain_unique" ON "sso_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_unique" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_unique" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_at_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
-- Single sign-on is a feature of the premium and invoice plans.
UPDATE "payment_plans" SET "features" = "features" || '["sso"]'::jsonb WHERE "id" IN (3, 4) AND NOT "features" ? 'sso';
