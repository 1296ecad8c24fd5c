-- A listing's case studies name images too (issue 34, product rule 46): their photos are made by
-- the listing's media pipeline, content-hashed and shared by reference like its logo and photos
-- (decisions/0028), so their keys must count in media_references, or deleting a gallery photo
-- would delete a file a case study still shows. Hand-written: no change to schema.prisma.

-- The image keys a case_studies value names: every case study's photos' `key` shaped like a key,
-- wherever the value has them (never stricter than the API's reading, as itc_media_keys).
CREATE FUNCTION itc_case_study_keys(case_studies jsonb) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT DISTINCT photo ->> 'key' AS k
    FROM jsonb_array_elements(CASE jsonb_typeof(case_studies) WHEN 'array' THEN case_studies ELSE '[]'::jsonb END) study
    CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(study -> 'photos') WHEN 'array' THEN study -> 'photos' ELSE '[]'::jsonb END) photo
   WHERE jsonb_typeof(study) = 'object' AND (photo ->> 'key') ~ '^[0-9a-f]{24}$'
$$;

-- Every key a listing names: its media's and its case studies'.
CREATE FUNCTION itc_listing_keys(media jsonb, case_studies jsonb) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT itc_media_keys(media) UNION SELECT itc_case_study_keys(case_studies)
$$;

CREATE OR REPLACE FUNCTION itc_media_references_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO media_references (key, professional_id)
    SELECT k, n.id FROM new_rows n CROSS JOIN LATERAL itc_listing_keys(n.media, n.case_studies) k
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION itc_media_references_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM media_references r
    WHERE r.professional_id = NEW.id AND r.key NOT IN (SELECT itc_listing_keys(NEW.media, NEW.case_studies));
  INSERT INTO media_references (key, professional_id)
    SELECT k, NEW.id FROM itc_listing_keys(NEW.media, NEW.case_studies) k
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Fires when either column changes (a rating or a geocode still leaves this alone).
DROP TRIGGER professionals_media_references_updated ON professionals;
CREATE TRIGGER professionals_media_references_updated AFTER UPDATE OF media, case_studies ON professionals
    FOR EACH ROW WHEN (OLD.media IS DISTINCT FROM NEW.media OR OLD.case_studies IS DISTINCT FROM NEW.case_studies)
    EXECUTE FUNCTION itc_media_references_updated();

-- Backfill: case studies written before this (after the triggers, so a listing written while this
-- runs is counted either way).
INSERT INTO media_references (key, professional_id)
  SELECT k, p.id FROM professionals p CROSS JOIN LATERAL itc_case_study_keys(p.case_studies) k
  ON CONFLICT DO NOTHING;
