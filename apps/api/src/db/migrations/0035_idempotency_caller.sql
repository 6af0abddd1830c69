-- Kept answers had no caller (any caller of the company got them) and held secrets in plain
-- text: they are dropped, not carried over (a key lives 24 hours; a retry of one runs again).
DELETE FROM "idempotency_keys";--> statement-breakpoint
DROP INDEX "idempotency_keys_company_key_unique";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_caller_key_unique" ON "idempotency_keys" USING btree ("company_id","caller","key");
