-- CreateTable
CREATE TABLE "media_references" (
    "key" TEXT NOT NULL,
    "professional_id" INTEGER NOT NULL,

    CONSTRAINT "media_references_pkey" PRIMARY KEY ("key","professional_id")
);

-- CreateIndex
CREATE INDEX "media_references_professional_id_idx" ON "media_references"("professional_id");

-- AddForeignKey
ALTER TABLE "media_references" ADD CONSTRAINT "media_references_professional_id_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Files are shared by reference (decisions/0028): content-hashed names mean two listings that
-- upload the same bytes share files, so a file may be deleted only when no listing names its key.
-- media_references says which listings name which keys. Triggers keep it in the transaction that
-- changes professionals.media, whoever writes it (the API, the demo seed, the bench, a script),
-- so it can never disagree with the column; rows of a deleted listing go with it (ON DELETE
-- CASCADE, TRUNCATE … CASCADE). The API deletes a key's files only under the key's advisory lock
-- and only when no row names it (api/src/domain/media/media-references.ts).

-- The image keys a media value names: the logo's and every photo's `key` shaped like a key. Never
-- stricter than core/media-input.ts readMedia: a key counts wherever it appears in those places,
-- so a value the API reads as "no image" keeps its files rather than losing them.
CREATE FUNCTION itc_media_keys(media jsonb) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT DISTINCT k FROM (
    SELECT media #>> '{logo,key}' AS k
    UNION ALL
    SELECT photo ->> 'key'
      FROM jsonb_array_elements(CASE jsonb_typeof(media -> 'photos') WHEN 'array' THEN media -> 'photos' ELSE '[]'::jsonb END) photo
  ) named
  WHERE k ~ '^[0-9a-f]{24}$'
$$;

-- New listings: one statement-level trigger per INSERT statement (the seeds insert thousands of rows at once).
CREATE FUNCTION itc_media_references_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO media_references (key, professional_id)
    SELECT k, n.id FROM new_rows n CROSS JOIN LATERAL itc_media_keys(n.media) k
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- A changed media value: only rows whose media changed (a rating or a geocode leaves this alone).
-- The UPDATE holds the listing's row lock, so two changes of one listing never interleave here.
CREATE FUNCTION itc_media_references_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM media_references r
    WHERE r.professional_id = NEW.id AND r.key NOT IN (SELECT itc_media_keys(NEW.media));
  INSERT INTO media_references (key, professional_id)
    SELECT k, NEW.id FROM itc_media_keys(NEW.media) k
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER professionals_media_references_inserted AFTER INSERT ON professionals
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION itc_media_references_inserted();
CREATE TRIGGER professionals_media_references_updated AFTER UPDATE OF media ON professionals
    FOR EACH ROW WHEN (OLD.media IS DISTINCT FROM NEW.media) EXECUTE FUNCTION itc_media_references_updated();

-- Backfill: the listings that already have images (after the triggers, so a listing written while
-- this runs is counted either way).
INSERT INTO media_references (key, professional_id)
  SELECT k, p.id FROM professionals p CROSS JOIN LATERAL itc_media_keys(p.media) k
  ON CONFLICT DO NOTHING;
