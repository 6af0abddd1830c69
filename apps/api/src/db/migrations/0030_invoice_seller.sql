ALTER TABLE "mails" ADD COLUMN "body_source" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- Invoices issued before this migration get the seller defaults of config/env.ts (INVOICE_SELLER_*
-- as shipped; a constant here, since a migration cannot read the running configuration).
UPDATE "invoices" SET "seller" = '{"name":"Paraaf B.V.","address":"Keizersgracht 100","postalCity":"1015 AA Amsterdam","kvk":"12345678","vatNumber":"NL123456789B01","iban":"NL91 ABNA 0417 1643 00","email":"facturen@paraaf.nl"}'::jsonb WHERE "seller" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller" SET NOT NULL;
