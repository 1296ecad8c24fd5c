-- A visitor's application waits with their sign-up until the e-mailed link proves the address
-- (decision 0029). applications.password_hash is no longer written; it is dropped in a later
-- release (expand, then contract: docs/deploy.md), once no running code reads it.
ALTER TABLE "pending_registrations" ADD COLUMN     "application" JSONB;
