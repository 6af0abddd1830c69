CREATE INDEX "billable_usage_unbilled_time_idx" ON "billable_usage" USING btree ("occurred_at") WHERE invoice_id IS NULL;--> statement-breakpoint
CREATE INDEX "company_plans_due_idx" ON "company_plans" USING btree ("valid_from") WHERE status = 'planned' AND applied_at IS NULL;--> statement-breakpoint
CREATE INDEX "payments_creating_idx" ON "payments" USING btree ("id") WHERE status = 'creating';