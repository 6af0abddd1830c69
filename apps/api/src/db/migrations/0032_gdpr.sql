ALTER TABLE "companies" ADD COLUMN "gdpr_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "sign_request_id" integer;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN "gdpr_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_sign_request_idx" ON "mails" USING btree ("sign_request_id");--> statement-breakpoint
CREATE INDEX "sign_requests_gdpr_due_idx" ON "sign_requests" USING btree ("estimated_gdpr_purge_at") WHERE "sign_requests"."gdpr_purged_at" IS NULL AND "sign_requests"."ended_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "signables_signed_sha256_idx" ON "signables" USING btree ("signed_sha256");--> statement-breakpoint
-- Requests that ended before this migration: their final moment, and the purge date from it with
-- the default retention (30 days), as modules/gdpr/retention.ts computes it from now on.
UPDATE "sign_requests" SET "ended_at" = CASE "state_id"
    WHEN 5 THEN coalesce("completed_at", "updated_at")
    WHEN 7 THEN "expires_at"
    WHEN 4 THEN coalesce((SELECT max("declined_at") FROM "signers" WHERE "signers"."sign_request_id" = "sign_requests"."id"), "updated_at")
    ELSE "updated_at" END
  WHERE "state_id" IN (4, 5, 7, 8, 50, 51) AND "ended_at" IS NULL;--> statement-breakpoint
UPDATE "sign_requests" SET "estimated_gdpr_purge_at" = "ended_at" + interval '30 days'
  WHERE "ended_at" IS NOT NULL AND "gdpr_purged_at" IS NULL;
