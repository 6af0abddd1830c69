-- The list's "turn" of a request in progress (the step that acts, of how many, and who in it has
-- yet to act) is kept on the request, as its signers and documents already are (0013), instead
-- of computed by a subquery in every list statement. That subquery (a window, two distinct
-- counts and an ordered aggregate over the request's signers) was set up by PostgreSQL's
-- executor on every list call, whether or not the page held a request in progress: on page 500
-- of 100,000 requests the statement took about a quarter less of the backend's CPU without it.
--
-- `turn` is what the subquery gave: null when the request has no signer or approver who acts
-- (a cc and one who handed over are not waited on: modules/sign-requests/routing.ts, whose
-- acting roles are written here). It is refreshed with the signers' search and list, by the
-- same function and triggers (0011, 0013, 0048, 0049), and also when a signer signs (its state
-- becomes or stops being 5) or its step (routing_order) changes. Every path that signs a signer
-- locks the request first (modules/signing/approve.ts lockForSigner), and sending changes the
-- request before its signers' steps (send-sign-request.ts), so the refresh takes the request's
-- row in the order those transactions already do.
CREATE OR REPLACE FUNCTION "sign_request_turn"(request_id integer) RETURNS json LANGUAGE plpgsql STABLE
SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
	RETURN (SELECT json_build_object(
			'step', count(DISTINCT a.routing_order) FILTER (WHERE a.routing_order <= a.cur),
			'steps', count(DISTINCT a.routing_order),
			'waiting_on', coalesce(json_agg(json_build_object(
					'id', a.id, 'firstname', a.firstname, 'lastname', a.lastname) ORDER BY a.position, a.id)
				FILTER (WHERE a.routing_order = a.cur AND a.state_id <> 5), '[]'::json))
		FROM (SELECT s.id, s.firstname, s.lastname, s.position, s.routing_order, s.state_id,
				min(s.routing_order) FILTER (WHERE s.state_id <> 5) OVER () AS cur
			FROM signers s
			WHERE s.sign_request_id = request_id
				AND s.role IN ('signer', 'approver')
				AND s.delegated_to_signer_id IS NULL) a
		HAVING count(*) > 0);
END
$$;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "turn" json;--> statement-breakpoint
-- As 0049, with the turn.
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signer_search"(ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
	UPDATE sign_requests sr SET signer_search = t.search, signer_list = t.list, turn = t.turn,
		search_tokens = CASE WHEN sr.signer_search IS NOT DISTINCT FROM t.search THEN sr.search_tokens
			ELSE sign_request_search_tokens(sr.company_id, 's', t.search)
				|| sign_request_search_tokens(sr.company_id, 'd', sr.signable_search) END
	FROM (
		SELECT r.id, a.search, a.list, sign_request_turn(r.id) AS turn
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) r,
		LATERAL (
			SELECT string_agg(lower(s.firstname || ' ' || s.lastname), E'\x1f' ORDER BY s.id) AS search,
				json_agg(sign_request_signer_entry(s.id, s.firstname, s.lastname, s.role, s.delegated_to_signer_id)
					ORDER BY s.position, s.id) AS list
			FROM signers s WHERE s.sign_request_id = r.id
		) a
	) t
	WHERE sr.id = t.id
		AND (sr.signer_search IS DISTINCT FROM t.search OR sr.signer_list::text IS DISTINCT FROM t.list::text
			OR sr.turn::text IS DISTINCT FROM t.turn::text);
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "signers_turn_update" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_turn_update" AFTER UPDATE OF "state_id", "routing_order" ON "signers"
	FOR EACH ROW WHEN ((OLD."state_id" = 5) IS DISTINCT FROM (NEW."state_id" = 5) OR OLD."routing_order" IS DISTINCT FROM NEW."routing_order")
	EXECUTE FUNCTION "sign_requests_signer_search_apply"();--> statement-breakpoint
-- Existing requests: those whose turn the list shows (in progress) or will show once sent
-- (drafts; no other state becomes "in progress" again). Ended requests keep no turn.
UPDATE "sign_requests" SET "turn" = sign_request_turn("id") WHERE "state_id" IN (1, 3);
