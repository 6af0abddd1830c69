ALTER TABLE "companies" ADD COLUMN "custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_storage_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_token" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_token_unique" UNIQUE("logo_token");