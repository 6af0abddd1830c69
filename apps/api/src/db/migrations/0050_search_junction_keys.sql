-- The list's search asks only for junction keys, which the server computes
-- (modules/sign-requests/list-search-keys.ts).
--
-- A search of several words asked for the ending of its first word, the beginning of each later
-- word and the junctions of adjacent words (0047), and computed those keys here on every call.
-- The beginnings and endings have large posting lists ('^jong': 5,661 requests of a company of
-- 100,000; the junction 'nne bak' 16), and reading them was half of the search's time. The
-- junctions alone find the same candidates or nearly, and LIKE decides, so the rows are still
-- exactly those of `text LIKE '%...%'`. The words' beginnings and endings are no longer asked
-- for, so they are no longer kept: every text gets its trigrams (0014) and its junction keys.
CREATE OR REPLACE FUNCTION "sign_request_word_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
	SET plan_cache_mode TO 'force_generic_plan' AS $$
DECLARE
	keys integer[] := '{}';
	name text;
	w text;
	previous text;
BEGIN
	IF t IS NULL THEN
		RETURN keys;
	END IF;
	FOREACH name IN ARRAY string_to_array(t, E'\x1f') LOOP
		previous := NULL;
		FOREACH w IN ARRAY string_to_array(name, ' ') LOOP
			IF previous <> '' AND w <> '' THEN
				keys := keys || sign_request_word_key(company, kind, '|', right(previous, 3) || ' ' || left(w, 3));
			END IF;
			previous := w;
		END LOOP;
	END LOOP;
	RETURN keys;
END
$$;--> statement-breakpoint
-- The search with the keys given: the candidates from the GIN index of `search_tokens` alone
-- (materialised, so no estimate leads the plan to the company's index), then the company and
-- LIKE. One generic plan per connection, as in 0040.
DROP FUNCTION IF EXISTS "sign_request_search_matches"(integer, text, text[], text, text[], text[], text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_search_ids"(company integer, kind text, tokens integer[], pattern text)
	RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 100
	SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	RETURN QUERY
	WITH candidates AS MATERIALIZED (
		SELECT sr.id, sr.company_id, sr.signer_search, sr.signable_search
		FROM sign_requests sr WHERE sr.search_tokens @> tokens)
	SELECT c.id FROM candidates c
	WHERE c.company_id = company
		AND (CASE WHEN kind = 's' THEN c.signer_search ELSE c.signable_search END) LIKE pattern;
END
$$;--> statement-breakpoint
-- Every request's tokens again, without the beginnings and endings. The index is dropped first
-- and built once after: much faster than updating a GIN index row by row.
DROP INDEX IF EXISTS "sign_requests_search_tokens_trgm";--> statement-breakpoint
UPDATE "sign_requests" SET "search_tokens" = sign_request_search_tokens("company_id", 's', "signer_search")
	|| sign_request_search_tokens("company_id", 'd', "signable_search")
WHERE "signer_search" IS NOT NULL OR "signable_search" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_requests_search_tokens_trgm" ON "sign_requests" USING gin ("search_tokens") WITH (fastupdate = off);
