-- Search and counting for GET /api/sign-requests (see sign-requests.read.repository.ts).
-- Trigram GIN indexes serve the `signers like` and `signables like` filters; btree_gin puts the
-- company id in the same index, so a search reads only the caller's company postings.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "signers_company_name_trgm" ON "signers" USING gin ("company_id", lower("firstname" || ' ' || "lastname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "signables_company_name_trgm" ON "signables" USING gin ("company_id", lower("name") gin_trgm_ops);--> statement-breakpoint
-- Exact number of sign requests per company and state, kept by statement-level triggers, so the
-- list's `total` without text/date filters costs one index lookup instead of counting 100,000 rows.
CREATE TABLE IF NOT EXISTS "sign_request_counts" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"state_id" integer NOT NULL,
	"n" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("company_id", "state_id")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (company_id, state_id) DO UPDATE SET n = sign_request_counts.n + EXCLUDED.n;
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE sign_request_counts c SET n = c.n - d.n
		FROM (SELECT company_id, state_id, count(*) AS n FROM old_rows GROUP BY 1, 2) d
		WHERE c.company_id = d.company_id AND c.state_id = d.state_id;
	ELSE
		-- Only changed states write; counter rows are touched in key order (no deadlocks).
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, sum(n) FROM (
			SELECT company_id, state_id, -count(*) AS n FROM old_rows GROUP BY 1, 2
			UNION ALL
			SELECT company_id, state_id, count(*) AS n FROM new_rows GROUP BY 1, 2
		) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
		ON CONFLICT (company_id, state_id) DO UPDATE SET n = sign_request_counts.n + EXCLUDED.n;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sign_request_counts_insert" AFTER INSERT ON "sign_requests"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "sign_request_counts_update" AFTER UPDATE ON "sign_requests"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "sign_request_counts_delete" AFTER DELETE ON "sign_requests"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_counts_apply"();--> statement-breakpoint
INSERT INTO "sign_request_counts" ("company_id", "state_id", "n")
SELECT "company_id", "state_id", count(*) FROM "sign_requests" GROUP BY 1, 2
ON CONFLICT ("company_id", "state_id") DO UPDATE SET "n" = EXCLUDED."n";
