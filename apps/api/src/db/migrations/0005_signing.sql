CREATE TABLE "identity_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text,
	"status" text DEFAULT 'started' NOT NULL,
	"attributes" jsonb,
	"error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seal_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"p12_base64" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"email_verified_at" timestamp with time zone,
	"sms_verified_at" timestamp with time zone,
	"idin_verified_at" timestamp with time zone,
	"idin_attributes" jsonb,
	"signature_key" text,
	"paraph_key" text,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"viewed_signable_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_ip" text,
	"approved_user_agent" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"signer_id" integer,
	"to" text NOT NULL,
	"sender" text NOT NULL,
	"body" text,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_codes" ADD CONSTRAINT "signer_codes_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_evidence" ADD CONSTRAINT "signer_evidence_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_state_unique" ON "identity_sessions" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "signer_codes_signer_idx" ON "signer_codes" USING btree ("signer_id","channel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signer_evidence_signer_unique" ON "signer_evidence" USING btree ("signer_id");