ALTER TABLE "sign_requests" ADD COLUMN "allow_delegation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "routing_order" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "role" text DEFAULT 'signer' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_to_signer_id" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "signer_routing" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Requests already sent in sequence: each signer its own step, as sending lays it out now.
UPDATE "signers" SET "routing_order" = "signers"."position" FROM "sign_requests" WHERE "sign_requests"."id" = "signers"."sign_request_id" AND "sign_requests"."is_sync" = true;
