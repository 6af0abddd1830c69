CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"has_acroforms" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{"variables":[],"fields":[]}'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_company_id_idx" ON "templates" USING btree ("company_id","id" DESC NULLS LAST);