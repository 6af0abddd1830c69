-- Word keys for the list's name search (sign-requests.list.repository.ts).
--
-- A search of two or more words ('femke kuiper') asked the GIN index of `search_tokens` (0014)
-- for every trigram of the text: ten posting lists for 'femke kuiper', each of a common
-- three-letter run, intersected at about 1.7 ms on a company of 100,000 requests. The words of
-- such a text say more: in a name that contains 'femke kuiper', 'femke' ends a word and 'kuiper'
-- starts one (a word between two others is a whole word). So every word of the search texts
-- (split at spaces and at the name separator U+001F) also gets a key for each of its beginnings
-- and endings of three characters or more: '^' + beginning, '$' + ending, hashed with the company
-- and kind like the trigram tokens. A search of several words then asks for two or three such
-- keys, whose posting lists hold only the requests with a name of those words; LIKE still decides,
-- so the rows are exactly those of `text LIKE '%...%'`, as before.
CREATE OR REPLACE FUNCTION "sign_request_trigram_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN (SELECT coalesce(array_agg(DISTINCT ('x' || left(md5(company || kind || substr(t, i, 3)), 8))::bit(32)::integer), '{}')
		FROM generate_series(1, length(t) - 2) AS i
		WHERE strpos(substr(t, i, 3), E'\x1f') = 0);
END
$$;--> statement-breakpoint
-- The key of a word's beginning (mark '^') or ending (mark '$').
CREATE OR REPLACE FUNCTION "sign_request_word_key"(company integer, kind text, mark text, part text) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ('x' || left(md5(company || kind || mark || part), 8))::bit(32)::integer
$$;--> statement-breakpoint
-- The word keys of a text: per word, '^' + each beginning and '$' + each ending of three
-- characters or more; per two adjacent words of one name, '|' + the last three characters of the
-- first, a space and the first three of the second (the junction: it ties a search's words to
-- the same name, so 'femke kuiper' no longer finds every request with some Femke and some Kuiper).
-- A loop, not a query over regexp_split_to_table × generate_series: the planner's guess of a
-- million rows for that product put it above jit_above_cost, and compiling it took 13 ms a call.
CREATE OR REPLACE FUNCTION "sign_request_word_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
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
			FOR i IN 3..length(w) LOOP
				keys := keys || sign_request_word_key(company, kind, '^', left(w, i))
					|| sign_request_word_key(company, kind, '$', right(w, i));
			END LOOP;
			IF previous <> '' AND w <> '' THEN
				keys := keys || sign_request_word_key(company, kind, '|', right(previous, 3) || ' ' || left(w, 3));
			END IF;
			previous := w;
		END LOOP;
	END LOOP;
	RETURN keys;
END
$$;--> statement-breakpoint
-- What `search_tokens` holds for a search text: its trigrams (0014) and its word keys. Every
-- writer of `search_tokens` (the refresh functions of 0013/0036, the subject trigger of 0036)
-- calls this function, so they all write the word keys from now on.
CREATE OR REPLACE FUNCTION "sign_request_search_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN sign_request_trigram_tokens(company, kind, t) || sign_request_word_tokens(company, kind, t);
END
$$;--> statement-breakpoint
-- The search (0040) with the word plan: `ending` is the first word of the text (it ends a word of
-- the name), `beginnings` the words after it (each begins one), `junctions` the pairs of adjacent
-- words' last and first three characters (see sign_request_word_tokens). NULL/empty: the trigrams
-- of `runs`, as before. The caller sends a word plan only when it has two keys or more (see
-- wordPlan); either way the candidates are checked with LIKE.
DROP FUNCTION IF EXISTS "sign_request_search_matches"(integer, text, text[], text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "sign_request_search_matches"(integer, text, text[], text, text[], text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_request_search_matches"(company integer, kind text, runs text[], ending text, beginnings text[], junctions text[], pattern text)
	RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 100
	SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	tokens integer[];
BEGIN
	IF ending IS NOT NULL OR cardinality(beginnings) > 0 THEN
		SELECT coalesce(array_agg(DISTINCT k), '{}') INTO tokens FROM (
			SELECT sign_request_word_key(company, kind, '$', ending) AS k WHERE ending IS NOT NULL
			UNION ALL
			SELECT sign_request_word_key(company, kind, '^', b) FROM unnest(beginnings) AS b
			UNION ALL
			SELECT sign_request_word_key(company, kind, '|', j) FROM unnest(junctions) AS j) x;
	ELSE
		SELECT coalesce(array_agg(DISTINCT t), '{}') INTO tokens
		FROM unnest(runs) AS r(run), unnest(sign_request_trigram_tokens(company, kind, r.run)) AS t;
	END IF;
	RETURN QUERY
	WITH candidates AS MATERIALIZED (
		SELECT sr.id, sr.company_id, sr.signer_search, sr.signable_search
		FROM sign_requests sr WHERE sr.search_tokens @> tokens)
	SELECT c.id FROM candidates c
	WHERE c.company_id = company
		AND (CASE WHEN kind = 's' THEN c.signer_search ELSE c.signable_search END) LIKE pattern;
END
$$;--> statement-breakpoint
-- Every request's tokens again, with the word keys. The index is dropped first and built once
-- after: much faster than updating a GIN index row by row.
DROP INDEX IF EXISTS "sign_requests_search_tokens_trgm";--> statement-breakpoint
UPDATE "sign_requests" SET "search_tokens" = sign_request_search_tokens("company_id", 's', "signer_search")
	|| sign_request_search_tokens("company_id", 'd', "signable_search")
WHERE "signer_search" IS NOT NULL OR "signable_search" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_requests_search_tokens_trgm" ON "sign_requests" USING gin ("search_tokens") WITH (fastupdate = off);
