ALTER TABLE "bulk_send_rows" ADD COLUMN "credits_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows of batches made before: a credit per signer, as their batch reserved.
UPDATE "bulk_send_rows" SET "credits_cost" = "bulk_sends"."signers_per_row" FROM "bulk_sends" WHERE "bulk_sends"."id" = "bulk_send_rows"."bulk_send_id" AND "bulk_send_rows"."state" IN ('pending', 'sent');
