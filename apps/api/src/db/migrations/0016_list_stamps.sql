-- No row that every write of a company must update (issue 12): two per-company hot rows go.
--
-- 1. The list cache's validity (was `sign_request_list_versions`, one row per company bumped by
--    every change, which serialised a company's writes and took part in deadlocks). Now each
--    request carries `list_xid`, the transaction that last changed anything a list filter or its
--    order reads (set by a BEFORE trigger, so it is part of the row version itself), and a
--    deleted request leaves a row in `sign_request_list_removals`. A cache entry keeps the
--    snapshot it was counted in; it answers a later statement exactly when (a) everything that
--    snapshot saw is seen now, and (b) no request row seen now, and no removal, was written by a
--    transaction that snapshot did not see. Then both see the same rows with the same filtered
--    columns, so the total and ids are exact. Nothing is updated in place: writers never wait on
--    one another for the cache.
DROP TRIGGER IF EXISTS "sign_request_list_versions_insert" ON "sign_requests";--> statement-breakpoint
DROP TRIGGER IF EXISTS "sign_request_list_versions_update" ON "sign_requests";--> statement-breakpoint
DROP TRIGGER IF EXISTS "sign_request_list_versions_delete" ON "sign_requests";--> statement-breakpoint
DROP FUNCTION IF EXISTS "sign_request_list_versions_bump"();--> statement-breakpoint
DROP TABLE IF EXISTS "sign_request_list_versions";--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "list_xid" xid8;--> statement-breakpoint
UPDATE "sign_requests" SET "list_xid" = pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "sign_requests" ALTER COLUMN "list_xid" SET NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_requests_company_list_xid" ON "sign_requests" ("company_id", "list_xid");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_list_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR (NEW.company_id, NEW.state_id, NEW.viewer_user_id, NEW.created_at, NEW.signer_search, NEW.signable_search)
		IS DISTINCT FROM (OLD.company_id, OLD.state_id, OLD.viewer_user_id, OLD.created_at, OLD.signer_search, OLD.signable_search) THEN
		NEW.list_xid := pg_current_xact_id();
	ELSE
		NEW.list_xid := OLD.list_xid;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sign_requests_list_stamp" BEFORE INSERT OR UPDATE ON "sign_requests"
	FOR EACH ROW EXECUTE FUNCTION "sign_requests_list_stamp"();--> statement-breakpoint
-- Insert-only; no foreign key (a company's removal deletes its requests too). Kept two days by
-- the sweep, twice as long as a cache entry is ever used.
CREATE TABLE IF NOT EXISTS "sign_request_list_removals" (
	"company_id" integer NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_request_list_removals_company_xid" ON "sign_request_list_removals" ("company_id", "xid");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_list_removals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sign_request_list_removals (company_id) SELECT DISTINCT company_id FROM old_rows;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sign_request_list_removals_add" AFTER DELETE ON "sign_requests"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_list_removals_add"();--> statement-breakpoint
-- (a): every transaction visible in `a` is visible in `b`.
CREATE OR REPLACE FUNCTION "pg_snapshot_within"(a pg_snapshot, b pg_snapshot) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS $$
	SELECT pg_snapshot_xmax(a) <= pg_snapshot_xmax(b)
		AND NOT EXISTS (SELECT 1 FROM pg_snapshot_xip(b) x WHERE pg_visible_in_snapshot(x, a))
$$;--> statement-breakpoint
-- (b): nothing the company's list reads was written, as seen now, by a transaction `snap` missed.
-- The index on (company_id, list_xid) reads only the rows changed since snap's oldest running
-- transaction.
CREATE OR REPLACE FUNCTION "sign_request_list_unchanged_since"(company integer, snap pg_snapshot) RETURNS boolean
	LANGUAGE sql STABLE AS $$
	SELECT NOT EXISTS (SELECT 1 FROM sign_requests r WHERE r.company_id = company
			AND r.list_xid >= pg_snapshot_xmin(snap) AND NOT pg_visible_in_snapshot(r.list_xid, snap))
		AND NOT EXISTS (SELECT 1 FROM sign_request_list_removals d WHERE d.company_id = company
			AND d.xid >= pg_snapshot_xmin(snap) AND NOT pg_visible_in_snapshot(d.xid, snap))
$$;--> statement-breakpoint
TRUNCATE "sign_request_list_cache";--> statement-breakpoint
ALTER TABLE "sign_request_list_cache" DROP COLUMN IF EXISTS "version";--> statement-breakpoint
ALTER TABLE "sign_request_list_cache" ADD COLUMN IF NOT EXISTS "snap" pg_snapshot NOT NULL;--> statement-breakpoint
-- 2. The per-state counters (0004) become insert-only deltas: a change adds rows (+1 to the new
--    state, -1 to the old one) instead of updating the company's counter row, so two requests of
--    one company changing state never wait for each other. The list sums them (as it did); the
--    sweep folds each company's deltas into one row per state (skipping rows another fold holds).
ALTER TABLE "sign_request_counts" DROP CONSTRAINT IF EXISTS "sign_request_counts_pkey";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_request_counts_company_state" ON "sign_request_counts" ("company_id", "state_id") INCLUDE ("n");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, count(*) FROM new_rows GROUP BY 1, 2;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, -count(*) FROM old_rows GROUP BY 1, 2;
	ELSE
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, sum(n) FROM (
			SELECT company_id, state_id, -count(*) AS n FROM old_rows GROUP BY 1, 2
			UNION ALL
			SELECT company_id, state_id, count(*) AS n FROM new_rows GROUP BY 1, 2
		) d GROUP BY 1, 2 HAVING sum(n) <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_counts_fold"() RETURNS integer LANGUAGE sql AS $$
	WITH groups AS (
		SELECT company_id, state_id FROM sign_request_counts GROUP BY 1, 2 HAVING count(*) > 1
	), taken AS (
		DELETE FROM sign_request_counts c WHERE c.ctid IN (
			SELECT c2.ctid FROM sign_request_counts c2 JOIN groups g USING (company_id, state_id)
			FOR UPDATE OF c2 SKIP LOCKED)
		RETURNING c.company_id, c.state_id, c.n
	), folded AS (
		INSERT INTO sign_request_counts (company_id, state_id, n)
		SELECT company_id, state_id, sum(n) FROM taken GROUP BY 1, 2 HAVING sum(n) <> 0
		RETURNING 1
	)
	SELECT (SELECT count(*) FROM taken)::int - (SELECT count(*) FROM folded)::int
$$;
