ALTER TABLE "departments" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Every company has exactly one default department: its oldest one (the one registration made),
-- or a new one named after the company when it has none.
UPDATE "departments" SET "is_default" = true WHERE "id" IN (SELECT min("id") FROM "departments" GROUP BY "company_id");--> statement-breakpoint
INSERT INTO "departments" ("company_id", "name", "mail_name", "is_default") SELECT c."id", c."name", c."name", true FROM "companies" c WHERE NOT EXISTS (SELECT 1 FROM "departments" d WHERE d."company_id" = c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_one_default_idx" ON "departments" USING btree ("company_id") WHERE "departments"."is_default";--> statement-breakpoint
CREATE INDEX "departments_company_idx" ON "departments" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sign_requests_department_state_idx" ON "sign_requests" USING btree ("department_id","state_id");