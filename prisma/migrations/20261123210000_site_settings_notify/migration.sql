-- Maintenance mode (product rule 12) must take effect on every API process at once, without a
-- database read per request: each process keeps site_settings in memory and LISTENs on
-- itc_site_settings_changed (api/src/domain/maintenance/maintenance-state.ts). This statement-level
-- trigger sends that notification whenever the row changes, whoever changes it (the dashboard, or
-- an operator in psql). NOTIFY is transactional: delivered on commit, never for a rollback.
CREATE FUNCTION itc_notify_site_settings_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('itc_site_settings_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER site_settings_notify_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
    FOR EACH STATEMENT EXECUTE FUNCTION itc_notify_site_settings_changed();
