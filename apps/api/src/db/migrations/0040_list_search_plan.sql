-- The list's text search (sign-requests.list.repository.ts) as one function with a plan kept per
-- connection. Written into the list's statement, the search made PostgreSQL plan that whole
-- statement again for every new search text (its generic plan, which cannot see the tokens,
-- guessed a scan of the company's rows and was slower still): the planning cost more than the
-- search. Here the plan is generic by design: the candidates come from the GIN index of
-- `search_tokens` (0014) alone, materialised, and only then are the company and LIKE checked, so
-- no estimate can lead it to the company's index. The rows are exactly those of
-- `company_id = company AND <kind's search text> LIKE pattern` among the requests holding every
-- token of `runs`, as before (see searchCondition).
CREATE OR REPLACE FUNCTION "sign_request_search_matches"(company integer, kind text, runs text[], pattern text)
	RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 100
	SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	tokens integer[];
BEGIN
	SELECT coalesce(array_agg(DISTINCT t), '{}') INTO tokens
	FROM unnest(runs) AS r(run), unnest(sign_request_search_tokens(company, kind, r.run)) AS t;
	RETURN QUERY
	WITH candidates AS MATERIALIZED (
		SELECT sr.id, sr.company_id, sr.signer_search, sr.signable_search
		FROM sign_requests sr WHERE sr.search_tokens @> tokens)
	SELECT c.id FROM candidates c
	WHERE c.company_id = company
		AND (CASE WHEN kind = 's' THEN c.signer_search ELSE c.signable_search END) LIKE pattern;
END
$$;--> statement-breakpoint
-- The tokens of a text (0014), unchanged, in plpgsql: a SQL function whose body reads from a
-- function scan is planned again on every statement that calls it; plpgsql keeps the plan.
CREATE OR REPLACE FUNCTION "sign_request_search_tokens"(company integer, kind text, t text) RETURNS integer[]
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN (SELECT coalesce(array_agg(DISTINCT ('x' || left(md5(company || kind || substr(t, i, 3)), 8))::bit(32)::integer), '{}')
		FROM generate_series(1, length(t) - 2) AS i
		WHERE strpos(substr(t, i, 3), E'\x1f') = 0);
END
$$;
