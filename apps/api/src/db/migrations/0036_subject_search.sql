-- The list's documents filter (`signables like`) also finds a request by its subject: the subject
-- (lower-cased) is the first entry of `signable_search`, before the documents' names, joined by
-- U+001F as in 0011. So the 'd' tokens of `search_tokens` (0014) cover the subject, and a search
-- for it uses the same GIN index and the same LIKE as a document name; nothing in the list's
-- statement changes.
CREATE OR REPLACE FUNCTION "sign_request_document_search"(subject text, names text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT nullif(concat_ws(E'\x1f', nullif(lower(subject), ''), names), '')
$$;--> statement-breakpoint
-- A document added, renamed or removed: as 0014, with the request's subject in front.
CREATE OR REPLACE FUNCTION "sign_requests_refresh_signable_search"(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
			OR sr.signable_list::text IS DISTINCT FROM t.list::text)
$$;--> statement-breakpoint
-- A request written with a (new) subject: its text and tokens in the same row write. Named to run
-- before "sign_requests_list_stamp" (BEFORE triggers fire in name order), which then sees the new
-- text and stamps the row for the list's count cache.
CREATE OR REPLACE FUNCTION "sign_requests_subject_search_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.subject IS NOT DISTINCT FROM OLD.subject THEN
		RETURN NEW;
	END IF;
	NEW.signable_search := sign_request_document_search(NEW.subject,
		(SELECT string_agg(lower(d.name), E'\x1f' ORDER BY d.id) FROM signables d WHERE d.sign_request_id = NEW.id));
	NEW.search_tokens := sign_request_search_tokens(NEW.company_id, 's', NEW.signer_search)
		|| sign_request_search_tokens(NEW.company_id, 'd', NEW.signable_search);
	RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sign_requests_document_search" ON "sign_requests";--> statement-breakpoint
CREATE TRIGGER "sign_requests_document_search" BEFORE INSERT OR UPDATE OF "subject" ON "sign_requests"
	FOR EACH ROW EXECUTE FUNCTION "sign_requests_subject_search_apply"();--> statement-breakpoint
-- Existing requests: one pass, each row rewritten once (the index stays; its entries follow).
UPDATE "sign_requests" sr SET "signable_search" = t.search,
	"search_tokens" = sign_request_search_tokens(sr.company_id, 's', sr.signer_search)
		|| sign_request_search_tokens(sr.company_id, 'd', t.search)
FROM (
	SELECT r.id, sign_request_document_search(r.subject, d.search) AS search
	FROM "sign_requests" r
	LEFT JOIN (SELECT sign_request_id, string_agg(lower(name), E'\x1f' ORDER BY id) AS search
		FROM "signables" GROUP BY 1) d ON d.sign_request_id = r.id
) t
WHERE sr.id = t.id AND sr.signable_search IS DISTINCT FROM t.search;--> statement-breakpoint
ANALYZE "sign_requests";
