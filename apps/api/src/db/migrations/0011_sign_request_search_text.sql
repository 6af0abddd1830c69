-- The list's `signers like` and `signables like` filters read one column of sign_requests instead
-- of a subquery over signers/signables (see sign-requests.read.repository.ts): the lower-cased
-- names of the request's signers ("firstname lastname") and of its documents, joined by the unit
-- separator U+001F (in id order). A pattern without that character matches the column exactly when it matches
-- one of the names, as `lower(firstname || ' ' || lastname) LIKE p` / `lower(name) LIKE p` do.
-- Kept by triggers on signers and signables; not part of the Drizzle schema (like
-- sign_request_counts of 0004), so no query of the ORM ever reads or writes them.
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "signer_search" text;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "signable_search" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signer_search = t.search
	FROM (
		SELECT r.id, (SELECT string_agg(lower(s.firstname || ' ' || s.lastname), E'\x1f' ORDER BY s.id)
			FROM signers s WHERE s.sign_request_id = r.id) AS search
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r
	) t
	WHERE sr.id = t.id AND sr.signer_search IS DISTINCT FROM t.search
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signable_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signable_search = t.search
	FROM (
		SELECT r.id, (SELECT string_agg(lower(d.name), E'\x1f' ORDER BY d.id)
			FROM signables d WHERE d.sign_request_id = r.id) AS search
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r
	) t
	WHERE sr.id = t.id AND sr.signable_search IS DISTINCT FROM t.search
$$;--> statement-breakpoint
-- Inserts and deletes per statement (bulk loads refresh each request once); an update per row,
-- and only when a name or the request changes (the WHEN of the trigger), so the signing flow's
-- state updates cost nothing.
CREATE OR REPLACE FUNCTION "sign_requests_signer_search_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'ROW' THEN
		PERFORM sign_requests_refresh_signer_search(ARRAY[OLD.sign_request_id, NEW.sign_request_id]);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM sign_requests_refresh_signer_search(ARRAY(SELECT sign_request_id FROM new_rows));
	ELSE
		PERFORM sign_requests_refresh_signer_search(ARRAY(SELECT sign_request_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_signable_search_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'ROW' THEN
		PERFORM sign_requests_refresh_signable_search(ARRAY[OLD.sign_request_id, NEW.sign_request_id]);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM sign_requests_refresh_signable_search(ARRAY(SELECT sign_request_id FROM new_rows));
	ELSE
		PERFORM sign_requests_refresh_signable_search(ARRAY(SELECT sign_request_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signers_search_insert" AFTER INSERT ON "signers"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
CREATE TRIGGER "signers_search_delete" AFTER DELETE ON "signers"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
CREATE TRIGGER "signers_search_update" AFTER UPDATE OF "firstname", "lastname", "sign_request_id" ON "signers"
	FOR EACH ROW WHEN (OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id")
	EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
CREATE TRIGGER "signables_search_insert" AFTER INSERT ON "signables"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_signable_search_apply"();--> statement-breakpoint
CREATE TRIGGER "signables_search_delete" AFTER DELETE ON "signables"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_signable_search_apply"();--> statement-breakpoint
CREATE TRIGGER "signables_search_update" AFTER UPDATE OF "name", "sign_request_id" ON "signables"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id")
	EXECUTE FUNCTION "sign_requests_signable_search_apply"();--> statement-breakpoint
-- Existing requests: one pass, each row rewritten once, before the indexes exist.
UPDATE "sign_requests" sr SET "signer_search" = t.signers, "signable_search" = t.signables
FROM (
	SELECT coalesce(s.id, d.id) AS id, s.search AS signers, d.search AS signables
	FROM (SELECT sign_request_id AS id, string_agg(lower(firstname || ' ' || lastname), E'\x1f' ORDER BY signers.id) AS search
		FROM signers GROUP BY 1) s
	FULL JOIN (SELECT sign_request_id AS id, string_agg(lower(name), E'\x1f' ORDER BY signables.id) AS search
		FROM signables GROUP BY 1) d ON d.id = s.id
) t
WHERE sr.id = t.id;--> statement-breakpoint
-- Trigram GIN with the company id in front (btree_gin): a search reads only the caller's
-- company's postings and heap rows. No pending list (fastupdate off): a search never has to scan
-- unmerged insertions, at a small cost per written request.
CREATE INDEX IF NOT EXISTS "sign_requests_signer_search_trgm" ON "sign_requests" USING gin ("company_id", "signer_search" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_requests_signable_search_trgm" ON "sign_requests" USING gin ("company_id", "signable_search" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- LIKE '%text%' is estimated from the column's histogram; the default 100 entries of these
-- nearly unique texts misjudge a common name by orders of magnitude (a plan reading thousands
-- of rows for ten). 1000 entries keep the choice between "walk the newest" and "use the index".
ALTER TABLE "sign_requests" ALTER COLUMN "signer_search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "sign_requests" ALTER COLUMN "signable_search" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "sign_requests";
