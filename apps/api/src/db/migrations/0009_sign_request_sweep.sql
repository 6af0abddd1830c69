ALTER TABLE "sign_requests" ADD COLUMN "expired_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_requests_expired_unnotified_idx" ON "sign_requests" USING btree ("id") WHERE "sign_requests"."state_id" = 7 AND "sign_requests"."expired_notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "signers_waiting_idx" ON "signers" USING btree ("id") WHERE "signers"."state_id" = 3;--> statement-breakpoint
-- Requests that expired before the sweep existed are not announced now, long after the fact.
UPDATE "sign_requests" SET "expired_notified_at" = "updated_at" WHERE "state_id" = 7;
