ALTER TABLE "api_tokens" ADD COLUMN "impersonator_token_id" integer;--> statement-breakpoint
ALTER TABLE "impersonation_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD COLUMN "impersonated_by" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_impersonator_token_id_api_tokens_id_fk" FOREIGN KEY ("impersonator_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_actions" ADD CONSTRAINT "signer_actions_impersonated_by_users_id_fk" FOREIGN KEY ("impersonated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_impersonator_token_idx" ON "api_tokens" USING btree ("impersonator_token_id") WHERE "api_tokens"."impersonator_token_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);