-- The list (GET /api/sign-requests, see sign-requests.read.repository.ts) reads each row of a page
-- from sign_requests alone, and repeats a counted search without counting again.
--
-- 1. `signer_list` / `signable_list`: the request's signers ({id, firstname, lastname}) and
--    documents ({id, name}) as the list shows them, in position order, kept by the triggers of
--    0011 beside the search texts. A page no longer looks up signers and documents per row.
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "signer_list" json;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "signable_list" json;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signer_search = t.search, signer_list = t.list
	FROM (
		SELECT r.id, a.search, a.list
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r,
		LATERAL (
			SELECT string_agg(lower(s.firstname || ' ' || s.lastname), E'\x1f' ORDER BY s.id) AS search,
				json_agg(json_build_object('id', s.id, 'firstname', s.firstname, 'lastname', s.lastname)
					ORDER BY s.position, s.id) AS list
			FROM signers s WHERE s.sign_request_id = r.id
		) a
	) t
	WHERE sr.id = t.id
		AND (sr.signer_search IS DISTINCT FROM t.search OR sr.signer_list::text IS DISTINCT FROM t.list::text)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signable_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signable_search = t.search, signable_list = t.list
	FROM (
		SELECT r.id, a.search, a.list
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r,
		LATERAL (
			SELECT string_agg(lower(d.name), E'\x1f' ORDER BY d.id) AS search,
				json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.position, d.id) AS list
			FROM signables d WHERE d.sign_request_id = r.id
		) a
	) t
	WHERE sr.id = t.id
		AND (sr.signable_search IS DISTINCT FROM t.search OR sr.signable_list::text IS DISTINCT FROM t.list::text)
$$;--> statement-breakpoint
-- The order of the lists follows `position`: its changes now refresh them too.
DROP TRIGGER IF EXISTS "signers_search_update" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_search_update" AFTER UPDATE OF "firstname", "lastname", "position", "sign_request_id" ON "signers"
	FOR EACH ROW WHEN (OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."position" IS DISTINCT FROM NEW."position" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id")
	EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "signables_search_update" ON "signables";--> statement-breakpoint
CREATE TRIGGER "signables_search_update" AFTER UPDATE OF "name", "position", "sign_request_id" ON "signables"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."position" IS DISTINCT FROM NEW."position" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id")
	EXECUTE FUNCTION "sign_requests_signable_search_apply"();--> statement-breakpoint
-- Existing requests: one pass, each row rewritten once.
UPDATE "sign_requests" sr SET "signer_list" = t.signers, "signable_list" = t.signables
FROM (
	SELECT coalesce(s.id, d.id) AS id, s.list AS signers, d.list AS signables
	FROM (SELECT sign_request_id AS id, json_agg(json_build_object('id', id, 'firstname', firstname, 'lastname', lastname) ORDER BY position, id) AS list
		FROM signers GROUP BY 1) s
	FULL JOIN (SELECT sign_request_id AS id, json_agg(json_build_object('id', id, 'name', name) ORDER BY position, id) AS list
		FROM signables GROUP BY 1) d ON d.id = s.id
) t
WHERE sr.id = t.id;--> statement-breakpoint
-- 2. `sign_request_list_versions`: a number per company that grows with every change that can
--    change which requests a filter matches or their order (a request added or removed; its
--    state, viewer, creation time, signers' or documents' names). Bumped in the same transaction
--    as the change, so a snapshot that sees version v sees exactly the requests of version v.
CREATE TABLE IF NOT EXISTS "sign_request_list_versions" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"version" bigint NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_list_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Companies in id order: two statements bumping the same companies never deadlock.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO sign_request_list_versions (company_id, version)
		SELECT DISTINCT company_id, 1 FROM new_rows ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = sign_request_list_versions.version + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO sign_request_list_versions (company_id, version)
		SELECT DISTINCT company_id, 1 FROM old_rows ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = sign_request_list_versions.version + 1;
	ELSE
		INSERT INTO sign_request_list_versions (company_id, version)
		SELECT DISTINCT c, 1 FROM (
			SELECT ARRAY[n.company_id, o.company_id] AS cs
			FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (n.company_id, n.state_id, n.viewer_user_id, n.created_at, n.signer_search, n.signable_search)
				IS DISTINCT FROM (o.company_id, o.state_id, o.viewer_user_id, o.created_at, o.signer_search, o.signable_search)
		) changed, unnest(changed.cs) AS c
		ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = sign_request_list_versions.version + 1;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sign_request_list_versions_insert" AFTER INSERT ON "sign_requests"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_list_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "sign_request_list_versions_update" AFTER UPDATE ON "sign_requests"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_list_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "sign_request_list_versions_delete" AFTER DELETE ON "sign_requests"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_request_list_versions_bump"();--> statement-breakpoint
INSERT INTO "sign_request_list_versions" ("company_id", "version")
SELECT DISTINCT "company_id", 1 FROM "sign_requests" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- 3. `sign_request_list_cache`: a counted filter's result (the total and the first ids in the
--    list's order) with the version it was counted at. Valid only while the company's version is
--    unchanged; rows of older versions are dead and removed by the sweep. A cache: unlogged.
CREATE UNLOGGED TABLE IF NOT EXISTS "sign_request_list_cache" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL,
	"ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("company_id", "key")
);
