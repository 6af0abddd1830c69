-- The list's 'Ondertekenaars' column tells a signer from an approver and a copy (cc), and leaves
-- out whoever handed their place over (their delegate is listed). So each entry of
-- `signer_list` (0013) also carries the signer's `role` and `delegated` (delegated_to_signer_id
-- is set), and a change of either refreshes it. The search text (`signer_search`) and its tokens
-- stay as they were: everyone named in a request, a cc and one who handed over included, is found
-- by name exactly as before.
--
-- One list entry, in one place: the refresh below, the backfill and the benchmark's loader
-- (scripts/bench-sign-requests.mjs) build it with this function (inlined by the planner).
CREATE OR REPLACE FUNCTION "sign_request_signer_entry"(id integer, firstname text, lastname text, role text, delegated_to integer) RETURNS json
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT json_build_object('id', id, 'firstname', firstname, 'lastname', lastname, 'role', role,
		'delegated', delegated_to IS NOT NULL)
$$;--> statement-breakpoint
-- As 0014, with the new entry. A change that leaves the search text as it was (a role, a
-- hand-over, a position) keeps the request's tokens instead of hashing them all again.
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signer_search = t.search, signer_list = t.list,
		search_tokens = CASE WHEN sr.signer_search IS NOT DISTINCT FROM t.search THEN sr.search_tokens
			ELSE sign_request_search_tokens(sr.company_id, 's', t.search)
				|| sign_request_search_tokens(sr.company_id, 'd', sr.signable_search) END
	FROM (
		SELECT r.id, a.search, a.list
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r,
		LATERAL (
			SELECT string_agg(lower(s.firstname || ' ' || s.lastname), E'\x1f' ORDER BY s.id) AS search,
				json_agg(sign_request_signer_entry(s.id, s.firstname, s.lastname, s.role, s.delegated_to_signer_id)
					ORDER BY s.position, s.id) AS list
			FROM signers s WHERE s.sign_request_id = r.id
		) a
	) t
	WHERE sr.id = t.id
		AND (sr.signer_search IS DISTINCT FROM t.search OR sr.signer_list::text IS DISTINCT FROM t.list::text)
$$;--> statement-breakpoint
-- A signer's role, or its hand-over (delegated_to_signer_id set), now refreshes the list too.
DROP TRIGGER IF EXISTS "signers_search_update" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_search_update" AFTER UPDATE OF "firstname", "lastname", "position", "sign_request_id", "role", "delegated_to_signer_id" ON "signers"
	FOR EACH ROW WHEN (OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."position" IS DISTINCT FROM NEW."position" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id" OR OLD."role" IS DISTINCT FROM NEW."role" OR (OLD."delegated_to_signer_id" IS NULL) <> (NEW."delegated_to_signer_id" IS NULL))
	EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
-- Existing requests: one pass over the signers, each request with signers rewritten once.
UPDATE "sign_requests" sr SET "signer_list" = t.list
FROM (
	SELECT sign_request_id AS id,
		json_agg(sign_request_signer_entry(id, firstname, lastname, role, delegated_to_signer_id) ORDER BY position, id) AS list
	FROM "signers" GROUP BY 1
) t
WHERE sr.id = t.id;
