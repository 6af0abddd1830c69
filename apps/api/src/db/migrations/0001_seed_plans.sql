-- The plans every installation starts with. Plan 1 'free' is the restricted free plan (seeds §9).
INSERT INTO "payment_plans" ("id", "name", "type", "features", "users_cap", "credits_per_month", "price_per_month_cents", "price_per_credit_cents", "sms_credits_price", "sms_euros_price_cents", "idin_credits_price", "idin_euros_price_cents") VALUES
  (1, 'free', 'prepaid', '[]', 3, 0, 0, 150, 1, 0, 2, 0),
  (2, 'standard', 'month', '["templates","email_templates","departments","users","buy_credits"]', 10, 50, 4900, 100, 1, 0, 2, 0),
  (3, 'premium', 'month', '["templates","email_templates","departments","users","buy_credits","api","webhooks","idin_verification"]', NULL, 200, 14900, 80, 1, 0, 1, 0),
  (4, 'invoice', 'invoice', '["templates","email_templates","departments","users","api","webhooks","idin_verification"]', NULL, 0, 0, 100, 0, 15, 0, 45);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('payment_plans', 'id'), (SELECT max("id") FROM "payment_plans"));
