CREATE TABLE "signable_forms" (
	"signable_id" integer PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signer_evidence" ADD COLUMN "form_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signable_forms" ADD CONSTRAINT "signable_forms_signable_id_signables_id_fk" FOREIGN KEY ("signable_id") REFERENCES "public"."signables"("id") ON DELETE cascade ON UPDATE no action;