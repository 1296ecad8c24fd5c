-- The directory change feed names what changed (decision 0019). The API keeps the live listings
-- in memory (api/src/domain/directory/directory-index.ts) and its answer cache forgets only the
-- answers a change could alter, so a notification now says which professionals changed:
--   'professionals:<id>,<id>,…'  these professionals' rows were inserted, updated or deleted;
--   'reviews:<id>,…'             reviews of these professionals were;
--   'professionals:*' / 'reviews:*'  too many to name (more than fit one payload) or a TRUNCATE:
--                                    the API reads everything again.
-- Statement-level triggers with transition tables: one notification per statement, sent on
-- commit like before (NOTIFY is transactional; a rolled-back write tells nobody). A statement
-- that changed no row (an UPDATE matching nothing) now sends nothing.
CREATE OR REPLACE FUNCTION itc_notify_directory_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('itc_directory_changed', TG_TABLE_NAME || ':*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'professionals' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows) changed;
    ELSE
      SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT string_agg(DISTINCT professional_id::text, ',') INTO ids FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT string_agg(DISTINCT professional_id::text, ',') INTO ids
        FROM (SELECT professional_id FROM new_rows UNION SELECT professional_id FROM old_rows) changed;
    ELSE
      SELECT string_agg(DISTINCT professional_id::text, ',') INTO ids FROM old_rows;
    END IF;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A payload must stay under 8,000 bytes.
  IF length(ids) > 7000 THEN
    ids := '*';
  END IF;
  PERFORM pg_notify('itc_directory_changed', TG_TABLE_NAME || ':' || ids);
  RETURN NULL;
END
$$;

DROP TRIGGER professionals_notify_directory_changed ON professionals;
DROP TRIGGER reviews_notify_directory_changed ON reviews;

CREATE TRIGGER professionals_notify_directory_inserted AFTER INSERT ON professionals
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER professionals_notify_directory_updated AFTER UPDATE ON professionals
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER professionals_notify_directory_deleted AFTER DELETE ON professionals
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER professionals_notify_directory_truncated AFTER TRUNCATE ON professionals
    FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();

CREATE TRIGGER reviews_notify_directory_inserted AFTER INSERT ON reviews
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER reviews_notify_directory_updated AFTER UPDATE ON reviews
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER reviews_notify_directory_deleted AFTER DELETE ON reviews
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
CREATE TRIGGER reviews_notify_directory_truncated AFTER TRUNCATE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
