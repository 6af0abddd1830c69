-- The list's text searches (`signers like`, `signables like`) find their candidates through
-- per-company trigram tokens instead of the trigram indexes of 0011 (see
-- sign-requests.list.repository.ts).
--
-- A token is a 32-bit hash of (company, kind, three characters): 's' for the signers' names, 'd'
-- for the documents' names, over the texts of 0011 (three-character runs that cross the name
-- separator U+001F are left out). Each posting list of the GIN index then holds one company's
-- requests only, where the trigram indexes of 0011 held every company's and had to be intersected
-- with the company's 100,000-row posting list on every search. A text that occurs in a name has
-- all its three-character runs among that name's tokens, so `search_tokens @> tokens(text)` never
-- misses a match; the LIKE on the search text then removes the rest (and hash collisions).
-- md5, not hashtext: the tokens must stay the same across PostgreSQL versions.
CREATE OR REPLACE FUNCTION "sign_request_search_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT ('x' || left(md5(company || kind || substr(t, i, 3)), 8))::bit(32)::integer), '{}')
	FROM generate_series(1, length(t) - 2) AS i
	WHERE strpos(substr(t, i, 3), E'\x1f') = 0
$$;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "search_tokens" integer[];--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE sign_requests sr SET signer_search = t.search, signer_list = t.list,
		search_tokens = sign_request_search_tokens(sr.company_id, 's', t.search)
			|| sign_request_search_tokens(sr.company_id, 'd', sr.signable_search)
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
	UPDATE sign_requests sr SET signable_search = t.search, signable_list = t.list,
		search_tokens = sign_request_search_tokens(sr.company_id, 's', sr.signer_search)
			|| sign_request_search_tokens(sr.company_id, 'd', t.search)
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
UPDATE "sign_requests" SET "search_tokens" = sign_request_search_tokens("company_id", 's', "signer_search")
	|| sign_request_search_tokens("company_id", 'd', "signable_search")
WHERE "signer_search" IS NOT NULL OR "signable_search" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_requests_search_tokens_trgm" ON "sign_requests" USING gin ("search_tokens") WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX IF EXISTS "sign_requests_signer_search_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "sign_requests_signable_search_trgm";
