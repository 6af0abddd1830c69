CREATE TABLE "signer_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signer_links" ADD CONSTRAINT "signer_links_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_links_signer_idx" ON "signer_links" USING btree ("signer_id");--> statement-breakpoint
-- Links already mailed keep working: each signer's current token becomes its first link.
INSERT INTO "signer_links" ("token_hash", "signer_id", "created_at")
SELECT "token_hash", "id", coalesce("last_reminder_at", "invited_at", now())
FROM "signers" WHERE "token_hash" IS NOT NULL;
