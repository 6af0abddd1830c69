CREATE TABLE "embed_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"signer_id" integer,
	"sign_request_id" integer,
	"template_id" integer,
	"user_id" integer,
	"hide_footer" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "embed_links_session_hash_unique" UNIQUE("session_hash")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "embed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delivery" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_links" ADD CONSTRAINT "embed_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_links_company_idx" ON "embed_links" USING btree ("company_id");