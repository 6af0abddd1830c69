-- The list's "turn" of a request in progress (the step that acts, of how many, and who in it has
-- yet to act) is kept beside the request, as its signers and documents already are (0013),
-- instead of computed by a subquery in every list statement. That subquery (a window, two
-- distinct counts and an ordered aggregate over the request's signers) was set up by
-- PostgreSQL's executor on every list call, whether or not the page held a request in progress.
--
-- `sign_request_turns` holds what the subquery gave, for the requests that have one (a signer or
-- approver who acts: a cc and one who handed over are not waited on, modules/sign-requests/
-- routing.ts, whose acting roles are written here). A narrow row of its own and not a column of
-- the request: a signer's signature then rewrites this row only, not the request's wide row with
-- its search tokens and indexes, and takes no lock on the request beyond the foreign key's share.
-- Refreshed by the signers' triggers: a signer added or removed, and a change of what the turn
-- reads (state: signed (5) or not, step, role, hand-over, names, position).
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
CREATE TABLE IF NOT EXISTS "sign_request_turns" (
	"sign_request_id" integer PRIMARY KEY NOT NULL REFERENCES "sign_requests"("id") ON DELETE CASCADE,
	"turn" json NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_refresh_turn"(ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
	WITH r AS (
		SELECT d.id, sign_request_turn(d.id) AS turn
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) d
	), gone AS (
		DELETE FROM sign_request_turns t USING r WHERE t.sign_request_id = r.id AND r.turn IS NULL
	)
	INSERT INTO sign_request_turns (sign_request_id, turn)
	SELECT r.id, r.turn FROM r JOIN sign_requests sr ON sr.id = r.id WHERE r.turn IS NOT NULL
	ON CONFLICT (sign_request_id) DO UPDATE SET turn = EXCLUDED.turn
		WHERE sign_request_turns.turn::text IS DISTINCT FROM EXCLUDED.turn::text;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_turn_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'ROW' THEN
		PERFORM sign_requests_refresh_turn(ARRAY[OLD.sign_request_id, NEW.sign_request_id]);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM sign_requests_refresh_turn(ARRAY(SELECT sign_request_id FROM new_rows));
	ELSE
		PERFORM sign_requests_refresh_turn(ARRAY(SELECT sign_request_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "signers_turn_insert" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_turn_insert" AFTER INSERT ON "signers"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_turn_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "signers_turn_delete" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_turn_delete" AFTER DELETE ON "signers"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sign_requests_turn_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "signers_turn_update" ON "signers";--> statement-breakpoint
CREATE TRIGGER "signers_turn_update" AFTER UPDATE OF "state_id", "routing_order", "role", "delegated_to_signer_id", "firstname", "lastname", "position", "sign_request_id" ON "signers"
	FOR EACH ROW WHEN ((OLD."state_id" = 5) IS DISTINCT FROM (NEW."state_id" = 5) OR OLD."routing_order" IS DISTINCT FROM NEW."routing_order" OR OLD."role" IS DISTINCT FROM NEW."role" OR (OLD."delegated_to_signer_id" IS NULL) <> (NEW."delegated_to_signer_id" IS NULL) OR OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."position" IS DISTINCT FROM NEW."position" OR OLD."sign_request_id" IS DISTINCT FROM NEW."sign_request_id")
	EXECUTE FUNCTION "sign_requests_turn_apply"();--> statement-breakpoint
-- Existing requests: those whose turn the list shows (in progress) or will show once sent
-- (drafts; no other state becomes "in progress" again).
INSERT INTO "sign_request_turns" ("sign_request_id", "turn")
SELECT id, turn FROM (SELECT id, sign_request_turn(id) AS turn FROM "sign_requests" WHERE "state_id" IN (1, 3)) t
WHERE turn IS NOT NULL
ON CONFLICT ("sign_request_id") DO NOTHING;
