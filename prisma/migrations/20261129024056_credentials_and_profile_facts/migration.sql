-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "accepting_new_clients" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "accepting_new_clients" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "case_studies" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "founded_year" INTEGER,
ADD COLUMN     "has_cyber_essentials" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "is_company_registered" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "is_insured" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "verified_checks" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "credentials" (
    "id" SERIAL NOT NULL,
    "professional_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "details" JSONB NOT NULL,
    "expires_on" DATE,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewed_by_id" INTEGER,
    "reviewed_at" TIMESTAMPTZ(3),
    "rejection_reason" TEXT,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evidence_files" (
    "name" TEXT NOT NULL,
    "professional_id" INTEGER,
    "credential_id" INTEGER,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "original_name" TEXT NOT NULL,
    "uploaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evidence_files_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "credentials_status_submitted_at_idx" ON "credentials"("status", "submitted_at");

-- CreateIndex
CREATE INDEX "credentials_professional_id_status_idx" ON "credentials"("professional_id", "status");

-- CreateIndex
CREATE INDEX "credentials_status_expires_on_idx" ON "credentials"("status", "expires_on");

-- CreateIndex
CREATE INDEX "evidence_files_credential_id_idx" ON "evidence_files"("credential_id");

-- CreateIndex
CREATE INDEX "evidence_files_professional_id_idx" ON "evidence_files"("professional_id");

-- CreateIndex
CREATE INDEX "evidence_files_uploaded_at_idx" ON "evidence_files"("uploaded_at");

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_professional_id_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_professional_id_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credentials"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (issue 34, decision 0041). ------------------------------------------------------

-- The lists of core/credentials.ts (CREDENTIAL_KINDS, CREDENTIAL_STATUSES, EVIDENCE_TYPES) and of
-- core/case-studies.ts (MAX_CASE_STUDIES); tests/integration/credentials-schema.int.test.ts
-- compares them.
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_kind_check" CHECK (kind IN (
  'companies_house', 'professional_indemnity', 'public_liability', 'cyber_essentials',
  'cyber_essentials_plus', 'ico_registration', 'vendor_certification'));
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_status_check" CHECK (status IN (
  'pending', 'approved', 'rejected', 'expired', 'withdrawn'));
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_rejection_reason_check" CHECK (
  status <> 'rejected' OR rejection_reason IS NOT NULL);
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_details_check" CHECK (jsonb_typeof(details) = 'object');
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_content_type_check" CHECK (content_type IN (
  'application/pdf', 'image/png', 'image/jpeg'));
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_size_check" CHECK (size > 0);
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_case_studies_check" CHECK (
  jsonb_typeof(case_studies) = 'array' AND jsonb_array_length(case_studies) <= 6);
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_verified_checks_check" CHECK (jsonb_typeof(verified_checks) = 'array');
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_founded_year_check" CHECK (founded_year BETWEEN 1800 AND 2200);

-- Today in the UK: a check lapses on its expiry day, UK time, whatever the server's zone.
CREATE FUNCTION itc_uk_today() RETURNS date
    LANGUAGE sql STABLE
    AS $$ SELECT (now() AT TIME ZONE 'Europe/London')::date $$;

-- A listing's approved checks in force, as the public sees them (core/credentials.ts
-- PublicCheck), and the directory's three flags; written only when they change, so the
-- directory's change feed (the NOTIFY triggers on professionals) hears real changes only.
CREATE FUNCTION itc_refresh_verified_checks(pid integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  checks jsonb;
BEGIN
  SELECT COALESCE(jsonb_agg(jsonb_build_object(
           'id', c.id,
           'kind', c.kind,
           'checkedOn', to_char((c.reviewed_at AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD'),
           'expiresOn', to_char(c.expires_on, 'YYYY-MM-DD'),
           'details', c.details)
         ORDER BY array_position(ARRAY['companies_house', 'professional_indemnity', 'public_liability',
           'cyber_essentials_plus', 'cyber_essentials', 'ico_registration', 'vendor_certification'], c.kind),
           c.reviewed_at, c.id), '[]'::jsonb)
    INTO checks
    FROM credentials c
    WHERE c.professional_id = pid AND c.status = 'approved'
      AND (c.expires_on IS NULL OR c.expires_on > itc_uk_today());
  UPDATE professionals p
     SET verified_checks = checks,
         is_insured = checks @? '$[*] ? (@.kind == "professional_indemnity" || @.kind == "public_liability")',
         has_cyber_essentials = checks @? '$[*] ? (@.kind == "cyber_essentials" || @.kind == "cyber_essentials_plus")',
         is_company_registered = checks @? '$[*] ? (@.kind == "companies_house")'
   WHERE p.id = pid AND p.verified_checks IS DISTINCT FROM checks;
END
$$;

CREATE FUNCTION itc_credentials_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM itc_refresh_verified_checks(OLD.professional_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.professional_id <> OLD.professional_id) THEN
    PERFORM itc_refresh_verified_checks(NEW.professional_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER credentials_refresh_verified_checks AFTER INSERT OR UPDATE OR DELETE ON credentials
    FOR EACH ROW EXECUTE FUNCTION itc_credentials_changed();
