ALTER TABLE "mails" ADD COLUMN "signer_id" integer;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_signer_idx" ON "mails" USING btree ("signer_id");