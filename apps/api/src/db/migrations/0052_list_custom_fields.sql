-- The list's custom field values (the filled-in ones, as name and value) are kept on the request
-- when its custom fields are written, instead of taken out of `custom_fields` by a subquery in
-- every list statement. PostgreSQL's executor set that subquery up on every list call, whether
-- or not the page held a request with custom fields: without it the statement of page 500 took
-- about a tenth less of the backend's CPU (0.317 → 0.283 ms, six rounds of 3,000 each).
--
-- `custom_field_list` is null when no field has a value that is a string with a non-space in it
-- (the list answers []). Written by a BEFORE trigger, so it is part of the row version itself:
-- at insert when there are custom fields, and whenever `custom_fields` changes (the GDPR purge
-- empties the values).
CREATE OR REPLACE FUNCTION "sign_request_custom_field_list"(fields jsonb) RETURNS json
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT json_agg(json_build_object('name', f->>'name', 'value', f->>'value'))
	FROM jsonb_array_elements(CASE WHEN jsonb_typeof(fields) = 'array' THEN fields ELSE '[]'::jsonb END) f
	WHERE jsonb_typeof(f->'value') = 'string' AND (f->>'value') ~ '\S'
$$;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD COLUMN IF NOT EXISTS "custom_field_list" json;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sign_requests_custom_field_list_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.custom_field_list := sign_request_custom_field_list(NEW.custom_fields);
	RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sign_requests_custom_field_list_insert" ON "sign_requests";--> statement-breakpoint
CREATE TRIGGER "sign_requests_custom_field_list_insert" BEFORE INSERT ON "sign_requests"
	FOR EACH ROW WHEN (NEW."custom_fields" IS DISTINCT FROM '[]'::jsonb OR NEW."custom_field_list" IS NOT NULL)
	EXECUTE FUNCTION "sign_requests_custom_field_list_set"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "sign_requests_custom_field_list_update" ON "sign_requests";--> statement-breakpoint
CREATE TRIGGER "sign_requests_custom_field_list_update" BEFORE UPDATE OF "custom_fields", "custom_field_list" ON "sign_requests"
	FOR EACH ROW WHEN (NEW."custom_fields" IS DISTINCT FROM OLD."custom_fields" OR NEW."custom_field_list"::text IS DISTINCT FROM OLD."custom_field_list"::text)
	EXECUTE FUNCTION "sign_requests_custom_field_list_set"();--> statement-breakpoint
-- Existing requests with custom fields.
UPDATE "sign_requests" SET "custom_field_list" = sign_request_custom_field_list("custom_fields")
WHERE "custom_fields" IS DISTINCT FROM '[]'::jsonb;
