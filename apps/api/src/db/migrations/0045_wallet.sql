CREATE TABLE "wallet_certificates" (
	"purpose" text PRIMARY KEY NOT NULL,
	"key_pem" text NOT NULL,
	"chain" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"nonce" text NOT NULL,
	"request_payload" jsonb NOT NULL,
	"request_jwt" text NOT NULL,
	"encryption_jwk" jsonb,
	"status" text DEFAULT 'started' NOT NULL,
	"failure" text,
	"attributes" jsonb,
	"error" text,
	"response_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "wallet_credits_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "wallet_euros_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "wallet_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signer_evidence" ADD COLUMN "wallet_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signer_evidence" ADD COLUMN "wallet_attributes" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_sessions" ADD CONSTRAINT "wallet_sessions_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sessions_request_unique" ON "wallet_sessions" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sessions_response_unique" ON "wallet_sessions" USING btree ("response_hash");--> statement-breakpoint
CREATE INDEX "wallet_sessions_signer_idx" ON "wallet_sessions" USING btree ("signer_id","id");--> statement-breakpoint
-- EU-wallet verification on the plans that have iDIN, at iDIN's price per use.
UPDATE "payment_plans" SET "features" = "features" || '["wallet_verification"]'::jsonb, "wallet_credits_price" = "idin_credits_price", "wallet_euros_price_cents" = "idin_euros_price_cents" WHERE "id" IN (3, 4) AND NOT "features" @> '["wallet_verification"]'::jsonb;
