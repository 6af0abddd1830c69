CREATE TABLE "webhook_request_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_request_id" integer NOT NULL,
	"status_code" integer,
	"message" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sign_request_id" integer,
	"signer_id" integer,
	"event_type" text NOT NULL,
	"message_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "webhook_requests_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_request_attempts" ADD CONSTRAINT "webhook_request_attempts_webhook_request_id_webhook_requests_id_fk" FOREIGN KEY ("webhook_request_id") REFERENCES "public"."webhook_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_requests" ADD CONSTRAINT "webhook_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_requests" ADD CONSTRAINT "webhook_requests_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_requests" ADD CONSTRAINT "webhook_requests_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_request_attempts_request_idx" ON "webhook_request_attempts" USING btree ("webhook_request_id","id");--> statement-breakpoint
CREATE INDEX "webhook_requests_company_idx" ON "webhook_requests" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "webhook_requests_pending_idx" ON "webhook_requests" USING btree ("sign_request_id","id") WHERE succeeded_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "webhook_requests_due_idx" ON "webhook_requests" USING btree ("next_attempt_at") WHERE succeeded_at IS NULL AND failed_at IS NULL;