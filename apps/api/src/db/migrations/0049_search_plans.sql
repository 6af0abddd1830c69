-- The search columns' upkeep, planned once per connection. The two refresh functions ran as SQL
-- functions, which PostgreSQL plans again on every call (their UPDATE: about 0.3 ms of planning
-- per signer or document added); as PL/pgSQL their statement is prepared once per connection,
-- with the generic plan (it reads the ids given, whatever they are). The token functions keep a
-- custom plan per call by default (generate_series over the text's length), so they too are held
-- to the generic plan.
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
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
		AND (sr.signer_search IS DISTINCT FROM t.search OR sr.signer_list::text IS DISTINCT FROM t.list::text);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signable_search"(ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
	UPDATE sign_requests sr SET signable_search = sign_request_document_search(sr.subject, t.search),
		signable_list = t.list,
		search_tokens = sign_request_search_tokens(sr.company_id, 's', sr.signer_search)
			|| sign_request_search_tokens(sr.company_id, 'd', sign_request_document_search(sr.subject, t.search))
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
		AND (sr.signable_search IS DISTINCT FROM sign_request_document_search(sr.subject, t.search)
			OR sr.signable_list::text IS DISTINCT FROM t.list::text);
END
$$;--> statement-breakpoint
ALTER FUNCTION "sign_request_trigram_tokens"(integer, text, text) SET plan_cache_mode TO 'force_generic_plan';--> statement-breakpoint
ALTER FUNCTION "sign_request_word_tokens"(integer, text, text) SET plan_cache_mode TO 'force_generic_plan';
