DROP INDEX "signers_waiting_idx";--> statement-breakpoint
CREATE INDEX "signers_waiting_idx" ON "signers" USING btree ("id") WHERE "signers"."state_id" IN (2, 3);