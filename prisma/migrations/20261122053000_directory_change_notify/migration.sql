-- The API caches public directory answers in memory (api/src/domain/directory/response-cache.ts)
-- and must forget them the moment the data behind them changes, whoever changes it: the API, the
-- worker, the seed or an operator in psql. A statement-level trigger on each table those answers
-- read sends a notification on the channel itc_directory_changed with the table name. NOTIFY is
-- transactional: it is delivered when the writing transaction commits, never for a rollback.
CREATE FUNCTION itc_notify_directory_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('itc_directory_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER professionals_notify_directory_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON professionals
    FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();

CREATE TRIGGER reviews_notify_directory_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_directory_changed();
